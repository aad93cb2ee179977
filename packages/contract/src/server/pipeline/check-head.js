/**
 * @typedef {import('../../contract.js').Contract} Contract
 * @typedef {import('../../contract.js').Refusal} Refusal
 * @typedef {import('../../contract.js').Violation} Violation
 * @typedef {import('../../contract.js').RequestValues} RequestValues
 * @typedef {import('./route-request.js').Route} Route
 */

/**
 * @typedef {object} HeadVerdict what the head of a request says before its body is read, by refusal
 * @property {Refusal | undefined} credentials 401: no bearer token of the right form (refused before the server's gate,
 *   which judges the token itself)
 * @property {Refusal | undefined} mediaType 415: a body of a media type the operation does not take (refused after
 *   the gate: a caller the server would not answer learns nothing of the operation)
 * @property {Violation[]} parameters parameters that break the contract: refused later, with the body's violations,
 *   in one 400
 * @property {RequestValues} values the parameters, typed by the contract where they kept it
 */

/** @type {HeadVerdict} the head of a request of no operation: nothing to check */
const NO_OPERATION = Object.freeze({
  credentials: undefined,
  mediaType: undefined,
  parameters: [],
  values: Object.freeze({ path: {}, query: {}, header: {}, body: undefined, parts: {} }),
});

/**
 * The head check stage: the bearer token's form, the media type and the parameters of a request, by
 * `contract.checkRequestHead`, all before a byte of its body is read, so that a refused request costs no upload.
 * @param {Contract} contract
 * @param {Route} route
 * @param {Record<string, string[] | undefined>} headers every header, lower-case names, every value
 * @returns {HeadVerdict}
 */
export function checkHead(contract, { operation, pathParams, query }, headers) {
  if (!operation) return NO_OPERATION;
  const { status, violations, values } = contract.checkRequestHead(operation, { headers, pathParams, query });
  return {
    credentials: status === 401 ? contract.refusal(401, violations, operation) : undefined,
    mediaType: status === 415 ? contract.refusal(415, violations, operation) : undefined,
    parameters: status === 400 ? violations : [],
    values,
  };
}
