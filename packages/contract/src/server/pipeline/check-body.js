import { bodyVerdictWithoutParsing } from '../../model/request-body-check.js';

/**
 * @typedef {import('../../contract.js').Contract} Contract
 * @typedef {import('../../contract.js').Refusal} Refusal
 * @typedef {import('../../contract.js').RequestValues} RequestValues
 * @typedef {import('./check-head.js').HeadVerdict} HeadVerdict
 * @typedef {import('./route-request.js').Route} Route
 */

/**
 * @typedef {object} BodyVerdict
 * @property {Refusal | undefined} refusal 400 naming every parameter and every place in the body that breaks the
 *   contract, in one envelope
 * @property {RequestValues} values what the request carries, typed by the contract: its parameters, its parsed body
 *   and its multipart parts
 */

/**
 * The body check stage: the body against the operation's request body (present when required, parseable, not too
 * deep, valid against its schema; multipart parts), by `contract.checkRequestBody`; the parameters' violations the
 * head check found join the body's in one 400. A body of a media type refused 415 is not read by it. Synchronous
 * when there is no body to parse: a request without one costs no turn of the event loop.
 * @param {Contract} contract
 * @param {Route} route
 * @param {HeadVerdict} head
 * @param {Record<string, string[] | undefined>} headers every header, lower-case names, every value
 * @param {Uint8Array} body
 * @returns {BodyVerdict | Promise<BodyVerdict>}
 */
export function checkBody(contract, { operation }, head, headers, body) {
  if (!operation || head.mediaType) return { refusal: undefined, values: head.values };
  const settled = bodyVerdictWithoutParsing(operation, body);
  if (settled) return verdict(contract, operation, head, settled);
  return contract
    .checkRequestBody(operation, { headers, body })
    .then((checked) => verdict(contract, operation, head, checked));
}

/**
 * @param {Contract} contract
 * @param {import('../../contract.js').ContractOperation} operation
 * @param {HeadVerdict} head
 * @param {{ violations: import('../../contract.js').Violation[], body: unknown,
 *   parts: RequestValues['parts'] }} checked
 * @returns {BodyVerdict}
 */
function verdict(contract, operation, head, { violations, body, parts }) {
  const all = violations.length === 0 ? head.parameters : [...head.parameters, ...violations];
  return {
    refusal: all.length > 0 ? contract.refusal(400, all, operation) : undefined,
    values: { ...head.values, body, parts },
  };
}
