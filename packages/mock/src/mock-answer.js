import { RefusalError } from '@payments-connect/contract/server';
import { generatePayload } from './generated-payload.js';

/**
 * @typedef {import('@payments-connect/contract').Contract} Contract
 * @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation
 * @typedef {import('@payments-connect/contract').ContractResponse} ContractResponse
 */

/**
 * @typedef {object} MockAnswer
 * @property {number} status
 * @property {Record<string, string>} headers
 * @property {unknown} body the JSON value of the body (undefined: none)
 */

const JSON_MEDIA_TYPE = 'application/json';

/**
 * The mock's answers, chosen from the contract as Prism chooses them: without preferences, the lowest documented
 * success status with its first named example; `code` picks the status, `example` the named example (searched in
 * every response when no code is given), `dynamic` data generated from the schema instead of an example. The
 * preferences come from the request's `Prefer` header (or its `__code`, `__example`, `__dynamic` and `__seed` query
 * parameters); one that the operation cannot honour is refused (400) naming what it documents.
 * @param {Contract} contract
 * @param {{ dynamic: boolean, seed?: string }} defaults the mock's own `--dynamic` and `--seed`
 * @returns {import('@payments-connect/contract/server').Answerer}
 */
export function createMockAnswerer(contract, defaults) {
  /**
   * @param {ContractOperation} operation
   * @param {Preferences} preferences
   * @returns {MockAnswer}
   * @throws {RefusalError} 400 when the operation cannot answer as asked
   */
  function answerAsPreferred(operation, preferences) {
    const chosen = chooseResponse(operation, preferences);
    if ('problem' in chosen) throw preferenceRefused(chosen.problem);
    const { response, example } = chosen;
    return makeAnswer(response, example, preferences, preferences.dynamic ?? defaults.dynamic);
  }

  /**
   * @param {ContractResponse} response
   * @param {string | undefined} example
   * @param {Preferences} preferences
   * @param {boolean} dynamic
   * @returns {MockAnswer}
   */
  function makeAnswer(response, example, preferences, dynamic) {
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
    if (!media) return { status: Number(response.status), headers, body: undefined };
    const named = example === undefined ? undefined : contract.dereference(media.examples?.[example]).node;
    /** @type {unknown} */
    let value;
    if (named && !(dynamic && preferences.example === undefined)) value = named.value;
    else if (!dynamic && media.example !== undefined) value = media.example;
    else if (media.schema) value = generatePayload(contract.document, media.schema, { dynamic, seed });
    return { status: Number(response.status), headers, body: value };
  }

  return (request) => {
    const read = readPreferences(request.headers.prefer?.join(', '), request.query);
    if ('problem' in read) throw preferenceRefused(read.problem);
    return answerAsPreferred(request.operation, read.preferences);
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

/**
 * @param {ContractOperation} operation
 * @param {Preferences} preferences
 * @returns {{ response: ContractResponse, example: string | undefined } | { problem: string }}
 */
function chooseResponse(operation, { code, example }) {
  if (code !== undefined) {
    const response = operation.responses.find((r) => r.status === String(code));
    if (!response) {
      const documented = operation.responses.map((r) => r.status).join(', ');
      return { problem: `Prefer code=${code}: ${operation.operationId} documents ${documented}` };
    }
    return withExample(operation, response, example);
  }
  if (example !== undefined) {
    const response = operation.responses.find((r) => r.exampleNames.includes(example));
    if (!response)
      return { problem: `Prefer example=${example}: ${operation.operationId} has no example of that name` };
    return { response, example };
  }
  const response = defaultResponse(operation);
  if (!response) return { problem: `${operation.operationId} documents no response` };
  return { response, example: response.exampleNames[0] };
}

/**
 * The answer without preferences: the lowest documented success status, else the first response.
 * @param {ContractOperation} operation
 * @returns {ContractResponse | undefined}
 */
function defaultResponse(operation) {
  const successes = operation.responses
    .filter((r) => /^2\d\d$/.test(r.status))
    .sort((a, b) => Number(a.status) - Number(b.status));
  return successes[0] ?? operation.responses[0];
}

/**
 * @param {ContractOperation} operation
 * @param {ContractResponse} response
 * @param {string | undefined} example
 * @returns {{ response: ContractResponse, example: string | undefined } | { problem: string }}
 */
function withExample(operation, response, example) {
  if (example === undefined) return { response, example: response.exampleNames[0] };
  if (response.exampleNames.includes(example)) return { response, example };
  const names = response.exampleNames.join(', ') || 'none';
  return {
    problem: `Prefer example=${example}: the ${response.status} of ${operation.operationId} has examples ${names}`,
  };
}

/**
 * @typedef {object} Preferences what a request asks of the mock
 * @property {number} [code] the status to answer (`Prefer: code=404`)
 * @property {string} [example] the named example to answer with (`Prefer: example=closedCase`)
 * @property {boolean} [dynamic] generated data instead of a named example (`Prefer: dynamic=true`)
 * @property {string} [seed] makes a dynamic answer repeatable
 */

/**
 * Reads the `Prefer` header (preferences separated by commas or semicolons, as Prism reads them), or, without one,
 * the `__code`, `__example`, `__dynamic` and `__seed` query parameters.
 * @param {string | undefined} header
 * @param {URLSearchParams} query
 * @returns {{ preferences: Preferences } | { problem: string }}
 */
function readPreferences(header, query) {
  /** @type {Record<string, string>} */
  const raw = {};
  if (header !== undefined) {
    for (const part of header.split(/[,;]/)) {
      const [key = '', ...rest] = part.split('=');
      if (key.trim() !== '' && rest.length > 0)
        raw[key.trim().toLowerCase()] = rest
          .join('=')
          .trim()
          .replace(/^"(.*)"$/, '$1');
    }
  } else {
    for (const key of ['code', 'example', 'dynamic', 'seed']) {
      const value = query.get(`__${key}`);
      if (value !== null) raw[key] = value;
    }
  }
  /** @type {Preferences} */
  const preferences = {};
  if (raw.code !== undefined) {
    if (!/^\d{3}$/.test(raw.code)) return { problem: `Prefer code=${raw.code} is not an HTTP status` };
    preferences.code = Number(raw.code);
  }
  if (raw.dynamic !== undefined) {
    if (raw.dynamic !== 'true' && raw.dynamic !== 'false')
      return { problem: `Prefer dynamic=${raw.dynamic} is not true or false` };
    preferences.dynamic = raw.dynamic === 'true';
  }
  if (raw.example !== undefined) preferences.example = raw.example;
  if (raw.seed !== undefined) preferences.seed = raw.seed;
  return { preferences };
}
