import { closestFirst } from '@payments-connect/contract/fetch';

/**
 * @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation
 * @typedef {import('@payments-connect/contract').ContractResponse} ContractResponse
 */

/**
 * @typedef {object} Preferences what a request (or an answer configured for its operation) asks of the mock
 * @property {number} [code] the status to answer (`code=404`)
 * @property {string} [example] the named example to answer with (`example=closedCase`)
 * @property {boolean} [dynamic] generated data instead of a named example (`dynamic=true`)
 * @property {string} [seed] makes a dynamic answer repeatable
 */

/** The preferences the mock knows, in the order it writes them back (`Preference-Applied`). */
export const PREFERENCE_NAMES = Object.freeze(/** @type {const} */ (['code', 'example', 'dynamic', 'seed']));

/**
 * Reads preferences in the syntax of the `Prefer` header as Prism reads it: `name=value` pairs separated by commas
 * or semicolons, a value optionally in double quotes. A request's header may carry preferences meant for others
 * (`return=minimal`): those are ignored and listed. An answer configured for an operation is held strictly: a name
 * the mock does not know is a typo, and an answer that asks for nothing a mistake.
 * @param {string} text
 * @param {{ strict: boolean }} mode
 * @returns {{ preferences: Preferences, ignored: string[] } | { problem: string }}
 */
export function readPreferences(text, { strict }) {
  /** @type {Record<string, string>} */
  const raw = {};
  /** @type {string[]} */
  const ignored = [];
  for (const part of text.split(/[,;]/)) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    const [name = '', ...rest] = trimmed.split('=');
    const key = name.trim().toLowerCase();
    if (rest.length > 0 && PREFERENCE_NAMES.includes(/** @type {any} */ (key))) {
      raw[key] = rest
        .join('=')
        .trim()
        .replace(/^"(.*)"$/, '$1');
    } else if (strict) {
      const known = closestFirst(key, PREFERENCE_NAMES).join(', ');
      return { problem: `${trimmed} is no preference of the mock: it takes ${known}, each as name=value` };
    } else ignored.push(trimmed);
  }
  if (strict && Object.keys(raw).length === 0)
    return { problem: `an answer names at least one of ${PREFERENCE_NAMES.join(', ')} (code=409, example=rfiNotOpen)` };
  const checked = checkedPreferences(raw);
  return 'problem' in checked ? checked : { preferences: checked.preferences, ignored };
}

/**
 * The preferences of the `__code`, `__example`, `__dynamic` and `__seed` query parameters, for clients that cannot
 * send a header.
 * @param {URLSearchParams} query
 * @returns {{ preferences: Preferences, ignored: string[] } | { problem: string }}
 */
export function queryPreferences(query) {
  /** @type {Record<string, string>} */
  const raw = {};
  for (const name of PREFERENCE_NAMES) {
    const value = query.get(`__${name}`);
    if (value !== null) raw[name] = value;
  }
  const checked = checkedPreferences(raw);
  return 'problem' in checked ? checked : { preferences: checked.preferences, ignored: [] };
}

/**
 * Whether a request states preferences of the mock (in `Prefer`, or its `__` parameters), or ones it refuses: either
 * way the mock's answer to it is what it asks for.
 * @param {{ headers: Record<string, string[] | undefined>, query: URLSearchParams }} request
 */
export function statesPreferences({ headers, query }) {
  const header = headers.prefer?.join(', ');
  const read = header === undefined ? queryPreferences(query) : readPreferences(header, { strict: false });
  return 'problem' in read || Object.keys(read.preferences).length > 0;
}

/**
 * @param {Record<string, string>} raw
 * @returns {{ preferences: Preferences } | { problem: string }}
 */
function checkedPreferences(raw) {
  /** @type {Preferences} */
  const preferences = {};
  if (raw.code !== undefined) {
    if (!/^\d{3}$/.test(raw.code)) return { problem: `code=${raw.code} is not an HTTP status` };
    preferences.code = Number(raw.code);
  }
  if (raw.example !== undefined) preferences.example = raw.example;
  if (raw.dynamic !== undefined) {
    if (raw.dynamic !== 'true' && raw.dynamic !== 'false')
      return { problem: `dynamic=${raw.dynamic} is not true or false` };
    preferences.dynamic = raw.dynamic === 'true';
  }
  if (raw.seed !== undefined) preferences.seed = raw.seed;
  return { preferences };
}

/**
 * Preferences written back in the `Prefer` syntax, in a fixed order: what `Preference-Applied` (RFC 7240) says.
 * @param {Preferences} preferences
 * @returns {string} empty when there are none
 */
export function formatPreferences(preferences) {
  return PREFERENCE_NAMES.filter((name) => preferences[name] !== undefined)
    .map((name) => `${name}=${preferences[name]}`)
    .join(', ');
}

/**
 * The response an operation answers with under the preferences: `code` picks the status, `example` the named example
 * (searched in every response when no code is given); without either, the lowest documented success status with its
 * first named example. What the operation cannot honour is a problem that names what it documents, the closest first.
 * @param {ContractOperation} operation
 * @param {Preferences} preferences
 * @returns {{ response: ContractResponse, example: string | undefined } | { problem: string }}
 */
export function chooseResponse(operation, { code, example }) {
  const { operationId, responses } = operation;
  if (code !== undefined) {
    const response = responses.find((r) => r.status === String(code));
    if (!response) {
      const documented = closestFirst(
        String(code),
        responses.map((r) => r.status),
      ).join(', ');
      return { problem: `code=${code}: ${operationId} documents ${documented}` };
    }
    if (example === undefined || response.exampleNames.includes(example))
      return { response, example: example ?? response.exampleNames[0] };
    const names = response.exampleNames;
    return {
      problem:
        names.length === 0
          ? `example=${example}: the ${response.status} of ${operationId} has no named example`
          : `example=${example}: the ${response.status} of ${operationId} has examples ` +
            closestFirst(example, names).join(', '),
    };
  }
  if (example !== undefined) {
    const response = responses.find((r) => r.exampleNames.includes(example));
    if (response) return { response, example };
    const names = new Set(responses.flatMap((r) => r.exampleNames));
    return {
      problem:
        names.size === 0
          ? `example=${example}: ${operationId} has no named example`
          : `example=${example}: ${operationId} has no example of that name; it has ` +
            closestFirst(example, names).join(', '),
    };
  }
  const response = defaultResponse(operation);
  if (!response) return { problem: `${operationId} documents no response` };
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
