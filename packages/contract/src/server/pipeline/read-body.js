import { bodyAnnounced } from './body-limit.js';
import { continueIfExpected } from './send-answer.js';

/** @typedef {import('./body-limit.js').ReadBody} ReadBody */

/**
 * The body stage on node:http: reads a request's body whole, within `maxBodyBytes`. A body announced larger
 * (`Content-Length`) is refused unread, one found larger as it comes is refused at once, the rest left unread; a
 * client that waits for `100 Continue` is sent it here, once every check before the body has passed. A request without
 * a body answers at once, with no turn of the event loop.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {number} maxBodyBytes
 * @returns {ReadBody | Promise<ReadBody>}
 */
export function readBody(request, response, maxBodyBytes) {
  const settled = bodyAnnounced(request.headersDistinct, maxBodyBytes);
  if (settled !== undefined) return settled;
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
