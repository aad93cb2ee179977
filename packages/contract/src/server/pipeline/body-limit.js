import { hasBodyHeaders } from '../../model/request-validator.js';

/**
 * @typedef {import('../../contract.js').Contract} Contract
 * @typedef {import('../../contract.js').Refusal} Refusal
 * @typedef {import('../../contract.js').ContractOperation} ContractOperation
 * @typedef {Uint8Array | 'too-large' | 'abandoned'} ReadBody the body as it came (empty for none), or why there is
 *   none: it passed the limit (the rest left unread), or the client went away (or the stream failed) first
 */

/** The body of a request that announces none. */
export const NO_BODY = new Uint8Array();

/**
 * What a request's head settles of its body before a byte of it is read, the same on every transport: none announced
 * (the empty body), one announced larger than the limit (`too-large`, never read), or undefined: there is one to read.
 * @param {Record<string, string[] | undefined>} headers every header, lower-case names, every value
 * @param {number} maxBodyBytes
 * @returns {ReadBody | undefined}
 */
export function bodyAnnounced(headers, maxBodyBytes) {
  if (!hasBodyHeaders(headers)) return NO_BODY;
  if (Number(headers['content-length']?.[0] ?? 0) > maxBodyBytes) return 'too-large';
  return undefined;
}

/**
 * The refusal of a body past the limit (400): a protection of the process, not a rule of the contract, so every
 * policy refuses it.
 * @param {Contract} contract
 * @param {ContractOperation | undefined} operation
 * @param {number} maxBodyBytes
 * @returns {Refusal}
 */
export function tooLarge(contract, operation, maxBodyBytes) {
  const message = `body is larger than the ${maxBodyBytes} bytes accepted`;
  return contract.refusal(
    400,
    [{ location: 'body', name: '', rule: 'max-size', message, expected: `at most ${maxBodyBytes} bytes` }],
    operation,
  );
}
