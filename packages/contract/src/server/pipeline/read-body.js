import { hasBodyHeaders } from '../../contract.js';
import { continueIfExpected } from './send-answer.js';

/**
 * @typedef {import('../../contract.js').Contract} Contract
 * @typedef {import('../../contract.js').Refusal} Refusal
 * @typedef {import('../../contract.js').ContractOperation} ContractOperation
 * @typedef {Uint8Array | 'too-large' | 'abandoned'} ReadBody the body as it came (empty for none), or why there is
 *   none: it passed the limit (the rest left unread), or the client went away (or the stream failed) first
 */

/** The body of a request that announces none. */
const NO_BODY = new Uint8Array();

/**
 * The body stage: reads a request's body whole, within `maxBodyBytes`. A body announced larger (`Content-Length`) is
 * refused unread, one found larger as it comes is refused at once, the rest left unread; a client that waits for
 * `100 Continue` is sent it here, once every check before the body has passed. A request without a body answers
 * at once, with no turn of the event loop.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {number} maxBodyBytes
 * @returns {ReadBody | Promise<ReadBody>}
 */
export function readBody(request, response, maxBodyBytes) {
  const headers = request.headersDistinct;
  if (!hasBodyHeaders(headers)) return NO_BODY;
  if (Number(headers['content-length']?.[0] ?? 0) > maxBodyBytes) return 'too-large';
  continueIfExpected(request, response);
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    const done = (/** @type {ReadBody} */ result) => {
      request.off('data', onData).off('end', onEnd).off('error', onAbandoned).off('aborted', onAbandoned);
      if (result === 'too-large') request.pause();
      resolve(result);
    };
    const onData = (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > maxBodyBytes) done('too-large');
      else chunks.push(chunk);
    };
    const onEnd = () => done(Buffer.concat(chunks, size));
    const onAbandoned = () => done('abandoned');
    request.on('data', onData).on('end', onEnd).on('error', onAbandoned).on('aborted', onAbandoned);
  });
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
