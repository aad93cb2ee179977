/**
 * @typedef {import('../../contract.js').Contract} Contract
 * @typedef {import('../../contract.js').Refusal} Refusal
 * @typedef {import('../../contract.js').ContractOperation} ContractOperation
 * @typedef {import('../../contract.js').ParsedTarget} ParsedTarget
 * @typedef {import('../../contract.js').InvalidTarget} InvalidTarget
 */

/**
 * @typedef {object} Route where a request goes in the contract
 * @property {ContractOperation | undefined} operation the operation it is; undefined when it is none
 * @property {Record<string, string>} pathParams the path's values as sent (decoded, not yet checked), by name
 * @property {string} path the normalised request path
 * @property {URLSearchParams} query every query parameter, documented or not
 * @property {Refusal | undefined} refusal for a request that is no operation: 400 for a target that is no path, 404
 *   for no operation there, 405 (with `Allow`) for a method its path lacks
 */

/** The route of a target that is no path: nothing known. */
const NO_PARAMS = Object.freeze({});

/**
 * The route stage: the operation a request is, by the one rule of `request-target.js` and `operation-matcher.js`
 * (`contract.match`), or the refusal of one that is none.
 * @param {Contract} contract
 * @param {string} method
 * @param {ParsedTarget | InvalidTarget} target the target as the pipeline read it
 * @returns {Route}
 */
export function routeRequest(contract, method, target) {
  const match = contract.match(method, target);
  if (match.kind === 'matched') {
    const { operation, pathParams, path, query } = match;
    return { operation, pathParams, path, query, refusal: undefined };
  }
  return {
    operation: undefined,
    pathParams: NO_PARAMS,
    path: target.valid ? target.path : '',
    query: target.valid ? target.query : new URLSearchParams(),
    refusal: contract.refusalForMatch(match),
  };
}
