import { RefusalError } from '@payments-connect/contract/server';
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
 * the example served, in `Served-Example`. The answer speaks of the resources the request names: the example's own
 * ids give way to the request's path ids (`path-ids.js`), so that a case asked for by its id is that case.
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
    /** @type {Record<string, string>} */
    const headers = {};
    for (const [name, raw] of Object.entries(response.response.headers ?? {})) {
      const header = contract.dereference(raw).node;
      const value = header.example ?? header.schema?.example ?? header.schema?.default;
      if (value !== undefined) headers[name] = String(value);
      else if (header.required && header.schema)
        headers[name] = String(generatePayload(contract.document, header.schema, { dynamic, seed }));
    }
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

  /** @param {ContractOperation} operation */
  function plainAnswer(operation) {
    let answer = plainAnswers.get(operation.operationId);
    if (answer === undefined) {
      const chosen = answerAsPreferred(operation, {});
      answer = { ...chosen, text: chosen.body === undefined ? undefined : JSON.stringify(chosen.body) };
      plainAnswers.set(operation.operationId, answer);
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
    const plain = !ownStated && configuredAnswer === undefined && !defaults.dynamic && read.ignored.length === 0;
    const path = request.values.path;
    if (plain) {
      const { status, headers, body, slots, text } = plainAnswer(operation);
      const filled = withRequestIds(body, slots, path);
      // The text made once serves every request that names the example's own ids (the benchmarks' among them).
      return filled === body
        ? { status, headers, body, text, notes: [] }
        : { status, headers, body: filled, notes: [] };
    }
    const { status, headers, body, slots } = answerAsPreferred(
      operation,
      applyConfigured ? configuredAnswer.preferences : read.preferences,
    );
    const answer = { status, headers, body: withRequestIds(body, slots, path) };
    /** @type {string[]} what the journal says of the choice */
    const notes = read.ignored.map(
      (preference) => `Prefer ${preference} ignored: the mock takes ${PREFERENCE_NAMES.join(', ')}`,
    );
    const applied = answer.headers['Preference-Applied'];
    const configuredFor = `the answer configured for ${operation.operationId}`;
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
 * The refusal of a preference the mock cannot honour, as a violation of the `Prefer` header.
 * @param {string} problem
 */
function preferenceRefused(problem) {
  return new RefusalError(400, problem, {
    details: [{ location: 'header', name: 'Prefer', rule: 'prefer', message: problem, expected: undefined }],
  });
}
