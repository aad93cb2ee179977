import { RefusalError } from '@payments-connect/contract/fetch';
import { createExampleMatcher } from './example-matcher.js';
import { generatePayload } from './generated-payload.js';
import {
  chooseResponse,
  formatPreferences,
  PREFERENCE_NAMES,
  queryPreferences,
  readPreferences,
} from './mock-preferences.js';
import { pathIdSlots, withRequestIds } from './path-ids.js';

/**
 * @typedef {import('@payments-connect/contract').Contract} Contract
 * @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation
 * @typedef {import('@payments-connect/contract').ContractResponse} ContractResponse
 * @typedef {import('./mock-preferences.js').Preferences} Preferences
 * @typedef {import('./example-matcher.js').MatchedExample} MatchedExample
 */

/**
 * @typedef {object} MockAnswer
 * @property {number} status
 * @property {Record<string, string>} headers
 * @property {unknown} body the JSON value of the body (undefined: none), with the example's own ids
 * @property {import('./path-ids.js').PathIdSlot[]} slots where the body names the resources of the request path
 */

const JSON_MEDIA_TYPE = 'application/json';

/**
 * The response header naming the example an answer was made from (`Served-Example: otherAccountCase`): a test, and
 * the docs' Try it, see which example a bare `Prefer: code=404` gave, while `Preference-Applied` says only what the
 * request asked (RFC 7240). No `X-` prefix (RFC 6648); the servers expose every header to a page on another origin.
 */
export const SERVED_EXAMPLE_HEADER = 'Served-Example';

/**
 * The mock's answers, chosen from the contract as Prism chooses them: without preferences, the lowest documented
 * success status with its first named example; `code` picks the status, `example` the named example (searched in
 * every response when no code is given), `dynamic` data generated from the schema instead of an example. The
 * preferences come from the request's `Prefer` header (or its `__code`, `__example`, `__dynamic` and `__seed` query
 * parameters); one that the operation cannot honour is refused (400) naming what it documents. A request that states
 * none of them gets the answer configured for its operation, if there is one: the request's own always win, since a
 * test that sends them means them. What was applied is said in `Preference-Applied` (RFC 7240) and in the journal;
 * the example served, in `Served-Example`. A request that states no preference and has no configured answer, but is
 * a named request example of the spec (its path ids, query and body: `example-matcher.js`), gets the response example
 * of the same name: the closed case's id answers the write with its 409, as Microcks and Specmatic's stubs answer.
 * The journal says which example the request was (`Preference-Applied` does not: the request asked for nothing).
 * The answer speaks of the resources the request names: the example's own ids give way to the request's path ids
 * (`path-ids.js`), so that a case asked for by its id is that case.
 * @param {Contract} contract
 * @param {{ dynamic: boolean, seed?: string }} defaults the mock's own `--dynamic` and `--seed`
 * @param {import('./configured-answers.js').ConfiguredAnswers} configured the answers configured per operation
 * @returns {import('@payments-connect/contract/server').Answerer}
 */
export function createMockAnswerer(contract, defaults, configured) {
  /**
   * @param {ContractOperation} operation
   * @param {Preferences} preferences
   * @returns {MockAnswer}
   * @throws {RefusalError} 400 when the operation cannot answer as asked
   */
  function answerAsPreferred(operation, preferences) {
    const chosen = chooseResponse(operation, preferences);
    if ('problem' in chosen) throw preferenceRefused(`Prefer ${chosen.problem}`);
    const { response, example } = chosen;
    const dynamic = preferences.dynamic ?? defaults.dynamic;
    const answer = makeAnswer(operation, response, example, preferences, dynamic);
    // A seed is applied only to a generated answer.
    const applied = formatPreferences(dynamic ? preferences : { ...preferences, seed: undefined });
    if (applied !== '') answer.headers['Preference-Applied'] = applied;
    return answer;
  }

  /**
   * @param {ContractOperation} operation
   * @param {ContractResponse} response
   * @param {string | undefined} example
   * @param {Preferences} preferences
   * @param {boolean} dynamic
   * @returns {MockAnswer}
   */
  function makeAnswer(operation, response, example, preferences, dynamic) {
    const seed = preferences.seed ?? defaults.seed;
    const headers = documentedHeaders(contract, response, { dynamic, seed });
    const media = response.response.content?.[JSON_MEDIA_TYPE];
    if (!media) return { status: Number(response.status), headers, body: undefined, slots: [] };
    const named = example === undefined ? undefined : contract.dereference(media.examples?.[example]).node;
    const served = named && !(dynamic && preferences.example === undefined) ? example : undefined;
    /** @type {unknown} */
    let value;
    if (served !== undefined) {
      value = named.value;
      headers[SERVED_EXAMPLE_HEADER] = served;
    } else if (!dynamic && media.example !== undefined) value = media.example;
    else if (media.schema) value = generatePayload(contract.document, media.schema, { dynamic, seed });
    return { status: Number(response.status), headers, body: value, slots: pathIdSlots(operation, served, value) };
  }

  /**
   * The answer of each operation to a request that states no preference when none is configured: the same every
   * time unless the mock generates its answers, so it is chosen and serialized once. Kept because a target needs it:
   * without it the mock made 44 % and 46 % of the bare server's rate at 16 connections in two runs (target 50 %);
   * with it, 15 % more requests a second in an A/B run.
   * @type {Map<string, MockAnswer & { text: string | undefined }>}
   */
  const plainAnswers = new Map();
  /** The same, for a request that is a named example other than the one answered by default: by operation, name. */
  const matchedAnswers = new Map();
  const matchExample = createExampleMatcher(contract);
  /** @type {Map<string, ReturnType<typeof chooseResponse>>} what each operation answers without preferences */
  const defaultChoices = new Map();
  /** @type {WeakMap<MatchedExample, string>} the journal's note of each example answered plainly, made once */
  const plainMatchNotes = new WeakMap();

  /**
   * @param {MatchedExample} matched
   * @param {number} status
   */
  function plainMatchNote(matched, status) {
    let note = plainMatchNotes.get(matched);
    if (note === undefined) {
      note = matchNote(matched, status);
      plainMatchNotes.set(matched, note);
    }
    return note;
  }

  /**
   * Whether a named example is the one an operation answers without preferences: its answer is the plain one.
   * @param {ContractOperation} operation
   * @param {MatchedExample} matched
   */
  function isDefaultAnswer(operation, matched) {
    let chosen = defaultChoices.get(operation.operationId);
    if (chosen === undefined) {
      chosen = chooseResponse(operation, {});
      defaultChoices.set(operation.operationId, chosen);
    }
    return !('problem' in chosen) && chosen.response === matched.response && chosen.example === matched.name;
  }

  /**
   * @param {ContractOperation} operation
   * @param {MatchedExample | undefined} matched the named example the request is
   */
  function plainAnswer(operation, matched) {
    const answers = matched === undefined ? plainAnswers : matchedAnswers;
    const key = matched === undefined ? operation.operationId : `${operation.operationId} ${matched.name}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      const chosen =
        matched === undefined
          ? answerAsPreferred(operation, {})
          : makeAnswer(operation, matched.response, matched.name, {}, false);
      answer = { ...chosen, text: chosen.body === undefined ? undefined : JSON.stringify(chosen.body) };
      answers.set(key, answer);
    }
    return answer;
  }

  return (request) => {
    const { operation } = request;
    const header = request.headers.prefer?.join(', ');
    const read = header === undefined ? queryPreferences(request.query) : readPreferences(header, { strict: false });
    if ('problem' in read) throw preferenceRefused(`Prefer ${read.problem}`);
    const configuredAnswer = configured.get(operation.operationId);
    const ownStated = Object.keys(read.preferences).length > 0;
    const applyConfigured = configuredAnswer !== undefined && !ownStated;
    const matched = matchExample(operation, request.values);
    const applyMatch = matched !== undefined && !ownStated && configuredAnswer === undefined;
    const plain = !ownStated && configuredAnswer === undefined && !defaults.dynamic && read.ignored.length === 0;
    const path = request.values.path;
    if (plain) {
      // The example answered by default needs no answer of its own: the benchmarks' requests are that example.
      const own = matched !== undefined && !isDefaultAnswer(operation, matched) ? matched : undefined;
      const { status, headers, body, slots, text } = plainAnswer(operation, own);
      const filled = withRequestIds(body, slots, path);
      const notes = matched === undefined ? [] : [plainMatchNote(matched, status)];
      // The text made once serves every request that names the example's own ids (the benchmarks' among them).
      return filled === body ? { status, headers, body, text, notes } : { status, headers, body: filled, notes };
    }
    const { status, headers, body, slots } = applyMatch
      ? makeAnswer(operation, matched.response, matched.name, {}, defaults.dynamic)
      : answerAsPreferred(operation, applyConfigured ? configuredAnswer.preferences : read.preferences);
    const answer = { status, headers, body: withRequestIds(body, slots, path) };
    /** @type {string[]} what the journal says of the choice */
    const notes = read.ignored.map(
      (preference) => `Prefer ${preference} ignored: the mock takes ${PREFERENCE_NAMES.join(', ')}`,
    );
    const configuredFor = `the answer configured for ${operation.operationId}`;
    if (applyMatch) notes.push(matchNote(matched, status, defaults.dynamic));
    else if (matched !== undefined && !isDefaultAnswer(operation, matched)) {
      // Said only where the example would have changed the answer: a test that means it learns why it did not.
      const winner = applyConfigured ? `${configuredFor} wins` : "the request's own preferences win";
      notes.push(`the request is the example ${matched.name}, not answered by it: ${winner}`);
    }
    const applied = answer.headers['Preference-Applied'];
    const source = applyConfigured
      ? configuredFor
      : `the request's ${header === undefined ? '__ parameters' : 'Prefer'}`;
    if (applied !== undefined) notes.push(`preferences applied: ${applied} (${source})`);
    if (configuredAnswer && !applyConfigured)
      notes.push(`${configuredFor} (${configuredAnswer.answer}) not applied: the request's own preferences win`);
    return { ...answer, notes };
  };
}

/**
 * The headers a documented response names, each with its example (a required one without an example generated from
 * its schema): what the mock's answer of that response carries, `Retry-After` of a 429 among them.
 * @param {Contract} contract
 * @param {ContractResponse} response
 * @param {{ dynamic: boolean, seed?: string }} generation how a required header without an example is made
 * @returns {Record<string, string>}
 */
export function documentedHeaders(contract, response, { dynamic, seed }) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [name, raw] of Object.entries(response.response.headers ?? {})) {
    const header = contract.dereference(raw).node;
    const value = header.example ?? header.schema?.example ?? header.schema?.default;
    if (value !== undefined) headers[name] = String(value);
    else if (header.required && header.schema)
      headers[name] = String(generatePayload(contract.document, header.schema, { dynamic, seed }));
  }
  return headers;
}

/**
 * What the journal says of a request that is a named example and was answered by it.
 * @param {MatchedExample} matched
 * @param {number} status
 * @param {boolean} [generated] the mock generates its answers (`--dynamic`): the example's status, generated data
 */
function matchNote(matched, status, generated = false) {
  const data = generated ? ', its data generated' : '';
  return `the request is the example ${matched.name}: answered its ${status}${data}`;
}

/**
 * The refusal of a preference the mock cannot honour, as a violation of the `Prefer` header.
 * @param {string} problem
 */
function preferenceRefused(problem) {
  return new RefusalError(400, problem, {
    details: [{ location: 'header', name: 'Prefer', rule: 'prefer', message: problem, expected: undefined }],
  });
}
