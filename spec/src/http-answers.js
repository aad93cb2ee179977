import { STATUS_CODES } from 'node:http';

/**
 * @typedef {import('./contract.js').Contract} Contract
 * @typedef {import('./contract.js').Refusal} Refusal
 */

/**
 * How long a connection closed under an unread body keeps discarding what the client still sends. Destroying it at
 * once would answer the client's bytes with a reset, which can wipe out the refusal before the client reads it.
 */
const LINGER_MS = 2_000;

/** How long a browser may reuse a preflight answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

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
 * {@link sendJson} for a body already serialised (a server that checked the text it is about to send).
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {string | undefined} text the JSON text; undefined: no body
 * @param {Record<string, string>} [headers]
 */
export function sendJsonText(response, status, text, headers = {}) {
  if (response.headersSent || response.destroyed) return;
  /** @type {Record<string, string | number>} */
  const own =
    text === undefined
      ? { 'Content-Length': 0 }
      : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) };
  // Most answers carry no headers of their own: they are sent without building a merged set.
  response.writeHead(status, Object.keys(headers).length === 0 ? own : withHeaders(headers, own));
  response.end(text ?? '');
}

/**
 * One header per name, whatever its case, ours last: what setHeader would send, in one writeHead.
 * @param {Record<string, string | number>} headers
 * @param {Record<string, string | number>} own
 */
function withHeaders(headers, own) {
  /** @type {Map<string, [string, string | number]>} */
  const byName = new Map();
  for (const entry of [...Object.entries(headers), ...Object.entries(own)]) byName.set(entry[0].toLowerCase(), entry);
  return Object.fromEntries(byName.values());
}

/**
 * Sends a refusal in the error envelope. With `closeConnection` (a body was left unread), the connection is closed
 * once the answer is out, so an unread upload can neither stall nor be read as the next request: the rest of the
 * body is discarded as it comes, never buffered, for at most {@link LINGER_MS}, then the connection is cut.
 * @param {import('node:http').ServerResponse} response
 * @param {Refusal} refusal
 * @param {{ closeConnection?: boolean }} [options]
 */
export function sendRefusal(response, refusal, { closeConnection = false } = {}) {
  const headers = closeConnection ? { ...refusal.headers, Connection: 'close' } : refusal.headers;
  if (closeConnection) lingerThenClose(response);
  sendJson(response, refusal.status, refusal.body, headers);
}

/**
 * Once the answer is out: discard what the client still sends, and cut the connection after {@link LINGER_MS}.
 * @param {import('node:http').ServerResponse} response
 */
export function lingerThenClose(response) {
  const { req: request } = response;
  response.once('finish', () => {
    request.on('data', () => {});
    request.resume();
    const cut = setTimeout(() => request.socket.destroy(), LINGER_MS);
    cut.unref();
    request.socket.once('close', () => clearTimeout(cut));
  });
}

/**
 * A `clientError` listener for a node:http server: a request Node's parser refused (malformed request line or
 * headers, headers too large, a timeout) is answered in the error envelope, then the connection is closed.
 * @param {Contract} contract
 * @returns {(error: NodeJS.ErrnoException, socket: import('node:stream').Duplex) => void}
 */
export function answerClientErrors(contract) {
  return (error, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
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
 * Lets pages on any origin call the contract's operations, as the documentation's "try it" does: no credentials
 * (cookies) are ever allowed, only the headers a request names. Answers a CORS preflight (`OPTIONS` with
 * `Access-Control-Request-Method`) itself and returns true; for any other request adds the response headers and
 * returns false.
 * @param {Contract} contract
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @returns {boolean} true when the request was a preflight, now answered
 */
export function answerCrossOrigin(contract, request, response) {
  if (request.headers.origin === undefined) return false;
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Access-Control-Expose-Headers', '*');
  const requested = request.headers['access-control-request-method'];
  if (request.method !== 'OPTIONS' || requested === undefined) return false;
  const match = contract.match(requested, request.url ?? '/');
  const methods =
    match.kind === 'matched' ? [match.operation.method] : match.kind === 'method-not-allowed' ? match.allowed : [];
  if (methods.length > 0) response.setHeader('Access-Control-Allow-Methods', methods.join(', '));
  const headers = request.headers['access-control-request-headers'];
  if (headers) response.setHeader('Access-Control-Allow-Headers', headers);
  response.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
  response.setHeader('Vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
  response.statusCode = 204;
  response.end();
  return true;
}

/**
 * Sends `100 Continue` when the client asked to wait for it (`Expect: 100-continue`). Servers take such requests
 * through their usual listener (the `checkContinue` event) and call this once the request may send its body: one
 * that is refused first never uploads it.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
export function continueIfExpected(request, response) {
  if (request.headers.expect?.toLowerCase() === '100-continue' && !response.headersSent) response.writeContinue();
}
