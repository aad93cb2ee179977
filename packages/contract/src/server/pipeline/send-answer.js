import { STATUS_CODES } from 'node:http';
import { DEFAULT_LIMITS } from '../limits.js';

/**
 * @typedef {import('../../contract.js').Contract} Contract
 * @typedef {import('../../contract.js').Refusal} Refusal
 * @typedef {Pick<import('../limits.js').Limits, 'maxBodyBytes' | 'drainIdleMs' | 'drainMaxMs'>} DrainLimits
 */

/**
 * Sockets whose answer is out while their request body is still being drained: a timeout Node's parser raises
 * on one of them must not write a second answer onto it.
 * @type {WeakSet<import('node:stream').Duplex>}
 */
const draining = new WeakSet();

/** Responses that sent `100 Continue`: only their clients send a body after a refusal. */
const continued = new WeakSet();

/**
 * Sends a JSON answer with its length. Nothing is sent when the answer has started or the client has gone.
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {unknown} body undefined: no body
 * @param {Record<string, string>} [headers]
 */
export function sendJson(response, status, body, headers = {}) {
  sendJsonText(response, status, body === undefined ? undefined : JSON.stringify(body), headers);
}

/**
 * {@link sendJson} for a body already serialised (a server that checked the text it is about to send). With
 * `closeConnection` (a body was left unread), the answer says `Connection: close` and goes out whole at once; the
 * connection then drains the rest of the body and closes once the body has ended, so an unread upload can neither
 * stall the connection nor be read as the next request, and the client still reads its answer. Closing at once
 * would answer the client's remaining bytes with a reset, which wipes out the answer before most clients (Node's
 * fetch among them) have read it: RFC 9112 section 9.6 asks a server to close in stages. The drain discards what
 * comes, never buffers it, and is bounded: the connection is cut once the client goes quiet for `drainIdleMs`, after
 * `drainMaxMs` in all, or past `maxBodyBytes`.
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {string | undefined} text the JSON text; undefined: no body
 * @param {Record<string, string>} [headers]
 * @param {{ closeConnection?: boolean, limits?: DrainLimits }} [options]
 */
export function sendJsonText(response, status, text, headers = {}, options = {}) {
  sendBody(response, status, text, headers, text === undefined ? undefined : 'application/json', options);
}

/**
 * Sends an answer whose body is given as it is to go out (a proxy passing an upstream's answer on), with its length,
 * closing in stages when a body was left unread (see {@link sendJsonText}).
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {string | Uint8Array | undefined} body undefined: no body
 * @param {Record<string, string>} headers the answer's own (a body passed on as it is names its type here)
 * @param {string | undefined} contentType the type the body is sent as, whatever `headers` say
 * @param {{ closeConnection?: boolean, limits?: DrainLimits, added?: Record<string, string> }} [options] added:
 *   headers the server adds to every answer (a proxy's count of violations), over the answer's own
 */
export function sendBody(
  response,
  status,
  body,
  headers,
  contentType,
  { closeConnection = false, limits, added } = {},
) {
  if (response.headersSent || response.destroyed) return;
  /** @type {Record<string, string | number>} */
  const own = { 'Content-Length': body === undefined ? 0 : Buffer.byteLength(body) };
  if (contentType !== undefined) own['Content-Type'] = contentType;
  if (closeConnection) own.Connection = 'close';
  if (added) Object.assign(own, added);
  // Most answers carry no headers of their own: they are sent without building a merged set.
  response.writeHead(status, Object.keys(headers).length === 0 ? own : withHeaders(own, headers));
  if (!closeConnection) {
    response.end(body ?? '');
    return;
  }
  // The answer is whole on the wire; `end` waits for the drain, since Node closes the socket as soon as it ends.
  response.write(body ?? '');
  drainThenEnd(response, limits ?? DEFAULT_LIMITS);
}

/**
 * One header per name, whatever its case, ours last: what setHeader would send, in one writeHead.
 * @param {Record<string, string | number>} own the length, the body's type when we name it, `Connection: close`
 * @param {Record<string, string | number>} headers the answer's own
 */
function withHeaders(own, headers) {
  /** @type {Record<string, string | number>} */
  const merged = {};
  /** @type {Map<string, string>} the name each header is kept under, by its lower case */
  const names = new Map();
  for (const source of [headers, own]) {
    for (const name in source) {
      const lower = name.toLowerCase();
      const before = names.get(lower);
      if (before !== undefined && before !== name) delete merged[before];
      names.set(lower, name);
      merged[name] = /** @type {string | number} */ (source[name]);
    }
  }
  return merged;
}

/**
 * Sends a refusal in the error envelope, closing in stages when a body was left unread (see {@link sendJsonText}).
 * @param {import('node:http').ServerResponse} response
 * @param {Refusal} refusal
 * @param {{ closeConnection?: boolean, limits?: DrainLimits }} [options]
 */
export function sendRefusal(response, refusal, options) {
  sendJsonText(response, refusal.status, JSON.stringify(refusal.body), refusal.headers, options);
}

/**
 * Reads and discards what is left of the request, then ends the answer (Node then closes the connection).
 * @param {import('node:http').ServerResponse} response an answer written whole but not ended
 * @param {DrainLimits} limits
 */
function drainThenEnd(response, { maxBodyBytes, drainIdleMs, drainMaxMs }) {
  const { req: request, socket } = response;
  const expectsNoBody = request.headers.expect?.toLowerCase() === '100-continue' && !continued.has(response);
  if (!socket || request.complete || expectsNoBody) {
    response.end();
    return;
  }
  draining.add(socket);
  let drained = 0;
  const end = () => {
    clearTimeout(idle);
    clearTimeout(whole);
    request.off('data', onData).off('end', end).off('error', end).off('close', end);
    response.end();
  };
  /** @param {Buffer} chunk */
  const onData = (chunk) => {
    drained += chunk.length;
    if (drained > maxBodyBytes) end();
    else idle.refresh();
  };
  const idle = setTimeout(end, drainIdleMs);
  const whole = setTimeout(end, drainMaxMs);
  idle.unref();
  whole.unref();
  request.on('data', onData).once('end', end).once('error', end).once('close', end);
  request.resume();
}

/**
 * A `clientError` listener for a node:http server: a request Node's parser refused (malformed request line or
 * headers, headers too large, a timeout) is answered in the error envelope, then the connection is closed.
 * @param {Contract} contract
 * @returns {(error: NodeJS.ErrnoException, socket: import('node:stream').Duplex) => void}
 */
export function answerClientErrors(contract) {
  return (error, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET' || draining.has(socket)) {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify({
      code: contract.errorCode(status),
      message: `request refused before it was read: ${error.code ?? error.message}`,
    });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}

/**
 * Sends `100 Continue` when the client asked to wait for it (`Expect: 100-continue`). Servers take such requests
 * through their usual listener (the `checkContinue` event) and call this once the request may send its body: one
 * that is refused first never uploads it.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
export function continueIfExpected(request, response) {
  if (request.headers.expect?.toLowerCase() !== '100-continue' || response.headersSent) return;
  continued.add(response);
  response.writeContinue();
}
