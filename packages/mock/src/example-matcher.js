import { parseMediaType } from '@payments-connect/contract/fetch';

/**
 * @typedef {import('@payments-connect/contract').Contract} Contract
 * @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation
 * @typedef {import('@payments-connect/contract').ContractResponse} ContractResponse
 * @typedef {import('@payments-connect/contract').RequestValues} RequestValues
 */

/**
 * @typedef {object} MatchedExample the named example a request is, and the answer the spec pairs with it
 * @property {string} name
 * @property {ContractResponse} response the response holding the example of that name (or the success without
 *   content it pairs with)
 */

/**
 * @typedef {object} Candidate a named request example, as the values a request must carry to be it
 * @property {MatchedExample} example
 * @property {unknown[]} path the path parameters' values, in the operation's order
 * @property {Array<[string, unknown]>} query every query parameter's value: the example's, else the default
 * @property {((values: RequestValues) => boolean) | undefined} body whether a request's body is the example's
 */

/**
 * @typedef {object} OperationIndex the named request examples of one operation
 * @property {string[]} pathNames its path parameters, in order
 * @property {Map<string, Candidate[]>} byPath the examples by their path values, joined
 */

/** Path values joined into one Map key; a key that two requests share by accident is told apart by `isRequest`. */
const KEY_SEPARATOR = '\n';

/**
 * Finds the named example a request is, the way Microcks' dispatchers and Specmatic's stubs answer: a request whose
 * path ids, query and body are those of a named request example of its operation is that example, and gets the
 * response example of the same name. Headers are not compared: every example acts as the same account, and a test's
 * own `AccountId` must not stop its request from being the closed case. A multipart body is the example's when it has
 * the example's parts, each of the example's size: the file names and types are the client's choice (Specmatic
 * sends none).
 *
 * Cheap for a request that is no example: the examples of an operation are indexed once, on its first request, by
 * their path values, so that a request costs one lookup, and its query and body are compared only with the examples
 * of its own ids.
 * @param {Contract} contract
 */
export function createExampleMatcher(contract) {
  /** @type {Map<string, OperationIndex | null>} by operationId; null: no example of the operation names a request */
  const indexes = new Map();

  /**
   * @param {ContractOperation} operation
   * @returns {OperationIndex | null}
   */
  function indexOf(operation) {
    const known = indexes.get(operation.operationId);
    if (known !== undefined) return known;
    const candidates = candidatesOf(contract, operation);
    /** @type {OperationIndex | null} */
    let index = null;
    if (candidates.length > 0) {
      const pathNames = operation.parameters.filter((parameter) => parameter.in === 'path').map(({ name }) => name);
      /** @type {Map<string, Candidate[]>} */
      const byPath = new Map();
      for (const candidate of candidates) {
        const key = candidate.path.map(String).join(KEY_SEPARATOR);
        byPath.set(key, [...(byPath.get(key) ?? []), candidate]);
      }
      index = { pathNames, byPath };
    }
    indexes.set(operation.operationId, index);
    return index;
  }

  /**
   * The named example the request is, the first in the spec's order when several are the same request.
   * @param {ContractOperation} operation
   * @param {RequestValues} values what the request carries, typed by the contract
   * @returns {MatchedExample | undefined}
   */
  return function matchExample(operation, values) {
    const index = indexOf(operation);
    if (index === null) return undefined;
    const { pathNames, byPath } = index;
    const key =
      pathNames.length === 1
        ? String(values.path[pathNames[0] ?? ''])
        : pathNames.map((name) => String(values.path[name])).join(KEY_SEPARATOR);
    return byPath.get(key)?.find((candidate) => isRequest(candidate, pathNames, values))?.example;
  };
}

/**
 * @param {Candidate} candidate
 * @param {string[]} pathNames
 * @param {RequestValues} values
 */
function isRequest(candidate, pathNames, values) {
  return (
    pathNames.every((name, at) => values.path[name] === candidate.path[at]) &&
    candidate.query.every(([name, value]) => sameJson(values.query[name], value)) &&
    (candidate.body === undefined ? values.body === undefined : candidate.body(values))
  );
}

/**
 * The named examples of an operation that describe a request the mock can recognise: paired completely, with a
 * response to answer, and naming at least a parameter or a body.
 * @param {Contract} contract
 * @param {ContractOperation} operation
 * @returns {Candidate[]}
 */
function candidatesOf(contract, operation) {
  /** @type {Candidate[]} */
  const candidates = [];
  for (const named of contract.namedExamples(operation)) {
    if (named.problems.length > 0 || !named.response || (named.parameters.length === 0 && !named.body)) continue;
    const status = named.response.status;
    const response = operation.responses.find((documented) => documented.status === status);
    if (!response) continue;
    const exampleValue = (/** @type {string} */ where, /** @type {string} */ name) =>
      named.parameters.find((parameter) => parameter.in === where && parameter.name === name)?.value;
    candidates.push({
      example: { name: named.name, response },
      path: operation.parameters.filter((p) => p.in === 'path').map((p) => exampleValue('path', p.name)),
      query: operation.parameters
        .filter((p) => p.in === 'query')
        .map((p) => [
          p.name,
          exampleValue('query', p.name) ?? contract.dereference(p.parameter.schema ?? {}).node.default,
        ]),
      body: named.body && bodyTest(contract, operation, named.body),
    });
  }
  return candidates;
}

/**
 * Whether a request's body is the example's: the same JSON value, or, for a multipart body, the same parts, each of
 * the same size.
 * @param {Contract} contract
 * @param {ContractOperation} operation
 * @param {import('@payments-connect/contract').NamedExample['body'] & object} body
 * @returns {(values: RequestValues) => boolean}
 */
function bodyTest(contract, operation, { mediaType, example }) {
  if (parseMediaType(mediaType)?.essence !== 'multipart/form-data') {
    return (values) => sameJson(values.body, example.value);
  }
  const media = operation.requestBody?.requestBody.content?.[mediaType];
  const utf8 = new TextEncoder();
  const sizes = new Map(
    contract.exampleParts(media, example).map((part) => [part.name, utf8.encode(part.content).byteLength]),
  );
  return ({ parts }) => {
    const names = Object.keys(parts);
    return names.length === sizes.size && names.every((name) => sizes.get(name) === parts[name]?.size);
  };
}

/**
 * Whether two JSON values are the same value, whatever the order of their properties (as `isDeepStrictEqual` judges
 * them, without `node:util`: the matcher runs in a browser too, under the MSW handlers).
 * @param {unknown} a
 * @param {unknown} b
 * @returns {boolean}
 */
function sameJson(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, at) => sameJson(item, b[at]));
  const left = /** @type {Record<string, unknown>} */ (a);
  const right = /** @type {Record<string, unknown>} */ (b);
  const keys = Object.keys(left);
  return (
    keys.length === Object.keys(right).length &&
    keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]))
  );
}
