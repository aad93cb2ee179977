import { hasBodyHeaders } from '../contract.js';
import { RefusalError } from '../control/refusal-error.js';
import { decodedText } from './decoded-text.js';

/**
 * Headers that belong to one connection (RFC 9110 section 7.6.1), or that the sender of the next hop sets itself:
 * never passed on in either direction, nor any header a `Connection` header names.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'expect',
]);

/**
 * How long a pooled connection to the upstream may stay idle: closed before most servers close theirs (Node's close
 * at 5 s), so that a request is seldom sent on a connection the upstream is closing. A server's `Keep-Alive: timeout`
 * hint shortens it (undici reads it).
 */
const IDLE_CONNECTION_MS = 4_000;

/** A `Connection` header that names no other header: nearly every message's. */
const KEEP_ALIVE_OR_CLOSE = /^\s*(?:keep-alive|close)\s*$/i;

/** Methods a retry cannot repeat the effect of (RFC 9110 section 9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE']);

/**
 * @typedef {object} ForwardedAnswer what the upstream answered, to send on as it is
 * @property {number} status
 * @property {Record<string, string>} headers the end-to-end headers, names in lower case, `Content-Encoding` included
 * @property {Uint8Array} raw the body as it came, still encoded as its `Content-Encoding` says
 * @property {string} text the body as text, decoded from its `Content-Encoding`: what the contract judges
 * @property {string[]} notes what the journal should say of it (an encoding that could not be decoded)
 */

/**
 * @typedef {object} ForwardedRequest what is passed on of a request (a node:http `IncomingMessage` is one)
 * @property {string} [method]
 * @property {string} [url] the target, below the upstream's own path
 * @property {Record<string, string[] | undefined>} headersDistinct every header, lower-case names, every value
 */

/**
 * @typedef {object} Forwarder
 * @property {(request: ForwardedRequest, body: Uint8Array) => Promise<ForwardedAnswer>} forward sends a request on
 *   and reads the answer whole; throws a `RefusalError`: 502 when the upstream cannot be reached, closes the
 *   connection unanswered or breaks its answer off, 504 when its whole answer takes longer than the timeout
 * @property {() => void} close closes the pooled connections (the server stops)
 */

/**
 * A forwarder to one upstream, as a validating proxy uses it: each request goes on with its method, its target (below
 * the upstream's own path, if it has one), every end-to-end header as it came (the bearer token and `AccountId`
 * included, untouched) and its body byte for byte, over a pool of keep-alive connections (undici's `Pool`, through its
 * dispatcher: no stream and no abort signal per request); the answer comes back as the upstream sent it, redirects not
 * followed and bodies not decoded, with the decoded text beside it to judge. One timer a request bounds it whole,
 * connection, retry and answer included.
 * @param {string} upstream the upstream's base URL (`https://sandbox.example.com`, or with a path)
 * @param {{ timeoutMs: number, idleMs?: number }} options how long the upstream may take to answer, whole; how long
 *   a pooled connection may stay idle (default 4 s, shorter when the upstream's `Keep-Alive` hint says so)
 * @returns {Forwarder}
 */
export function createForwarder(upstream, { timeoutMs, idleMs = IDLE_CONNECTION_MS }) {
  const url = new URL(upstream);
  const prefix = url.pathname.replace(/\/+$/, '');
  /** @type {import('undici').Pool | undefined} */
  let pool;
  // undici is loaded by a server that forwards only, as it starts: the others never pay for it.
  const loading = import('undici').then(({ Pool }) => {
    // undici's own timers are off: the one timer of each request bounds it whole.
    pool = new Pool(url.origin, {
      keepAliveTimeout: idleMs,
      keepAliveMaxTimeout: idleMs,
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    return pool;
  });
  loading.catch(() => {}); // said by the first forward

  /**
   * @param {ForwardedRequest} request
   * @param {Uint8Array} body
   * @returns {Promise<ForwardedAnswer>}
   */
  function forward(request, body) {
    if (!pool) return loading.then(() => forward(request, body));
    const dispatcher = pool;
    const method = request.method ?? 'GET';
    /** @type {Record<string, string | string[]>} */
    const headers = endToEnd(request.headersDistinct);
    // The body was read whole: it goes with its length, whatever framing the client chose.
    if (body.length > 0 || hasBodyHeaders(request.headersDistinct)) headers['content-length'] = String(body.length);
    const options = { method, path: `${prefix}${request.url ?? '/'}`, headers, body: body.length > 0 ? body : null };
    return new Promise((resolve, reject) => {
      let settled = false;
      let retried = false;
      /** @type {import('undici').Dispatcher.DispatchController | undefined} */
      let controller;
      /** @type {{ status: number, headers: import('node:http').IncomingHttpHeaders } | undefined} */
      let head;
      /** @type {Buffer[]} */
      let chunks = [];
      let size = 0;
      /** @param {RefusalError} refusal */
      const fail = (refusal) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        controller?.abort(refusal);
        reject(refusal);
      };
      const timer = setTimeout(
        () => fail(new RefusalError(504, `the upstream ${upstream} did not answer ${method} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      /** @type {import('undici').Dispatcher.DispatchHandler} */
      const handler = {
        onRequestStart(started) {
          controller = started;
          if (settled) started.abort(new Error('the request timed out before it was sent'));
        },
        onResponseStart(_, status, headers) {
          // An interim answer (100 Continue) is no answer.
          if (status >= 200) head = { status, headers };
        },
        onResponseData(_, chunk) {
          chunks.push(chunk);
          size += chunk.length;
        },
        onResponseEnd() {
          if (settled || !head) return;
          settled = true;
          clearTimeout(timer);
          // Most answers come in one chunk: passed on without a copy.
          const raw = chunks.length === 1 ? /** @type {Buffer} */ (chunks[0]) : Buffer.concat(chunks, size);
          resolve(answerOf(head.status, head.headers, raw));
        },
        onResponseError(_, error) {
          if (settled) return;
          if (!head && !retried && retriable(method, error)) {
            retried = true;
            controller = undefined;
            chunks = [];
            size = 0;
            dispatcher.dispatch(options, handler);
            return;
          }
          const why = reasonOf(error);
          fail(
            new RefusalError(
              502,
              head
                ? `the upstream ${upstream} broke its answer off: ${why}`
                : `the upstream ${upstream} cannot be reached: ${why}`,
            ),
          );
        },
      };
      dispatcher.dispatch(options, handler);
    });
  }

  return { forward, close: () => void loading.then((opened) => opened.destroy()).catch(() => {}) };
}

/**
 * Forwarding as the answer stage of the pipeline (a validating proxy's): each request, kept or broken, is answered as
 * the upstream answers it (see {@link createForwarder}). An upstream that cannot be reached, breaks off or is too
 * slow is answered by the server itself, 502 or 504 in the error envelope, marked as the upstream's failure: no
 * verdict on the upstream, reported apart from the violations.
 * @param {import('../contract.js').Contract} contract gives the code of the 502's and the 504's envelope
 * @param {string} upstream the upstream's base URL
 * @param {{ timeoutMs: number }} options how long the upstream may take to answer, whole
 * @returns {{ answer: (request: import('./pipeline/answer-request.js').ReadRequest) =>
 *   Promise<import('./pipeline/answer-request.js').Answer>, close: () => void }}
 */
export function forwardTo(contract, upstream, options) {
  const forwarder = createForwarder(upstream, options);
  return {
    answer: ({ method, target, headers, body, operation }) =>
      forwarder.forward({ method, url: target, headersDistinct: headers }, body).catch((error) => {
        if (!(error instanceof RefusalError)) throw error;
        return { ...error.toRefusal(contract, operation), upstreamFailure: error.message };
      }),
    close: forwarder.close,
  };
}

/**
 * Whether a request that failed before any answer is sent again, once, on a new connection: a connection the
 * upstream closed as the request went out on it (a pooled one it was closing, most likely), and only for a method
 * whose effect a repeat cannot double (RFC 9110 section 9.2.2): a POST the upstream did read would run twice.
 * @param {string} method
 * @param {Error & { code?: string }} error
 */
function retriable(method, error) {
  return IDEMPOTENT.has(method) && ['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE'].includes(error.code ?? '');
}

/**
 * The headers to pass on: every one but the hop-by-hop ones and those the `Connection` header names.
 * @template {string | string[]} Value
 * @param {Record<string, Value | undefined>} headers lower-case names
 * @param {(value: Value) => Value} [kept] what is passed on of a value (as it is)
 * @returns {Record<string, Value>}
 */
function endToEnd(headers, kept = (value) => value) {
  const { connection } = headers;
  /** @type {string[]} */
  const listed = connection === undefined ? [] : typeof connection === 'string' ? [connection] : connection;
  const named =
    listed.length === 0 || (listed.length === 1 && KEEP_ALIVE_OR_CLOSE.test(listed[0] ?? ''))
      ? undefined
      : new Set(listed.flatMap((value) => value.toLowerCase().split(',')).map((name) => name.trim()));
  /** @type {Record<string, Value>} */
  const passed = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named?.has(name)) passed[name] = kept(value);
  }
  return passed;
}

/**
 * @param {number} status
 * @param {import('node:http').IncomingHttpHeaders} received the answer's headers as undici hands them over: lower-case
 *   names, a header sent more than once as a list
 * @param {Buffer} raw
 * @returns {ForwardedAnswer}
 */
function answerOf(status, received, raw) {
  const headers = endToEnd(received, (value) => (Array.isArray(value) ? value.join(', ') : value));
  const { text, note } = decodedText(raw, /** @type {string | undefined} */ (headers['content-encoding']));
  return { status, headers: /** @type {Record<string, string>} */ (headers), raw, text, notes: note ? [note] : [] };
}

/**
 * What went wrong, in a word where there is one (`ECONNREFUSED`, `DEPTH_ZERO_SELF_SIGNED_CERT`).
 * @param {unknown} error
 */
function reasonOf(error) {
  const cause = /** @type {any} */ (error);
  // undici's own codes (`UND_ERR_SOCKET`) say less than its messages (`other side closed`).
  if (typeof cause?.code === 'string' && !cause.code.startsWith('UND_ERR_')) return cause.code;
  return cause?.message ?? String(error);
}
