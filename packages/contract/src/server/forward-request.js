import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { hasBodyHeaders } from '../contract.js';
import { RefusalError } from './refusal-error.js';

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
 * hint shortens it (Node's agent reads it).
 */
const IDLE_CONNECTION_MS = 4_000;

/**
 * The largest answer body decoded to be judged: an upstream's compressed answer may not inflate the proxy without
 * bound. A larger one is passed on all the same, judged as it was sent, with a note in the journal.
 */
const MAX_DECODED_BYTES = 64 * 1024 * 1024;

const KEEP_ALIVE_OR_CLOSE = /^\s*(?:keep-alive|close)\s*$/i;

/** Methods a retry cannot repeat the effect of (RFC 9110 section 9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE']);

/** @type {Record<string, (bytes: Buffer) => Buffer>} */
const DECODERS = {
  gzip: (bytes) => gunzipSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }),
  'x-gzip': (bytes) => gunzipSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }),
  // "deflate" is the zlib format, yet some servers send raw deflate: browsers and undici read both.
  deflate: (bytes) => {
    try {
      return inflateSync(bytes, { maxOutputLength: MAX_DECODED_BYTES });
    } catch {
      return inflateRawSync(bytes, { maxOutputLength: MAX_DECODED_BYTES });
    }
  },
  br: (bytes) => brotliDecompressSync(bytes, { maxOutputLength: MAX_DECODED_BYTES }),
};

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
 * included, untouched) and its body byte for byte, over a pool of keep-alive connections; the answer comes back as
 * the upstream sent it, redirects not followed and bodies not decoded, with the decoded text beside it to judge. One
 * timer a request bounds it whole, connection, retry and answer included.
 * @param {string} upstream the upstream's base URL (`https://sandbox.example.com`, or with a path)
 * @param {{ timeoutMs: number, idleMs?: number }} options how long the upstream may take to answer, whole; how long
 *   a pooled connection may stay idle (default 4 s, shorter when the upstream's `Keep-Alive` hint says so)
 * @returns {Forwarder}
 */
export function createForwarder(upstream, { timeoutMs, idleMs = IDLE_CONNECTION_MS }) {
  const url = new URL(upstream);
  const secure = url.protocol === 'https:';
  const agentOptions = { keepAlive: true, timeout: idleMs, scheduling: /** @type {const} */ ('lifo') };
  const agent = secure ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
  const send = secure ? httpsRequest : httpRequest;
  // `[::1]` in a URL, `::1` to connect to.
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const prefix = url.pathname.replace(/\/+$/, '');

  /**
   * @param {ForwardedRequest} request
   * @param {Uint8Array} body
   * @returns {Promise<ForwardedAnswer>}
   */
  function forward(request, body) {
    const method = request.method ?? 'GET';
    const headers = endToEnd(request.headersDistinct);
    // The body was read whole: it goes with its length, whatever framing the client chose.
    if (body.length > 0 || hasBodyHeaders(request.headersDistinct)) headers['content-length'] = [String(body.length)];
    const options = { agent, hostname, port: url.port, method, path: `${prefix}${request.url ?? '/'}`, headers };
    return new Promise((resolve, reject) => {
      let settled = false;
      let timedOut = false;
      let retried = false;
      let answering = false;
      /** @type {import('node:http').ClientRequest | undefined} */
      let outgoing;
      const timer = setTimeout(() => {
        timedOut = true;
        fail(undefined);
      }, timeoutMs);
      /** @param {unknown} error undefined when the answer stopped short with no error of its own */
      const fail = (error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outgoing?.destroy();
        const why = error === undefined ? '' : `: ${reasonOf(error)}`;
        if (timedOut)
          reject(new RefusalError(504, `the upstream ${upstream} did not answer ${method} within ${timeoutMs} ms`));
        else if (answering) reject(new RefusalError(502, `the upstream ${upstream} broke its answer off${why}`));
        else reject(new RefusalError(502, `the upstream ${upstream} cannot be reached${why}`));
      };
      /** @param {import('node:http').IncomingMessage} response */
      const read = (response) => {
        answering = true;
        /** @type {Buffer[]} */
        const chunks = [];
        let size = 0;
        response.on('data', (/** @type {Buffer} */ chunk) => {
          chunks.push(chunk);
          size += chunk.length;
        });
        response.once('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          // Most answers come in one chunk: passed on without a copy.
          resolve(answerOf(response, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)));
        });
        response.on('error', fail);
        response.once('close', () => settled || fail(undefined));
      };
      const attempt = () => {
        const sent = send(options, read);
        outgoing = sent;
        sent.on('error', (error) => {
          if (!answering && !retried && !timedOut && retriable(method, sent, error)) {
            retried = true;
            attempt();
          } else fail(error);
        });
        sent.end(body.length > 0 ? body : undefined);
      };
      try {
        attempt();
      } catch (error) {
        // A target or header node:http refuses to send (none that Node's own parser let in).
        fail(error);
      }
    });
  }

  return { forward, close: () => agent.destroy() };
}

/**
 * Whether a request that failed before any answer is sent again, once, on a new connection: only when it went out on
 * a pooled connection that the upstream closed as it was reused (it cannot have read the request), and only for a
 * method whose effect a repeat cannot double (RFC 9110 section 9.2.2): a POST the upstream did read would run twice.
 * @param {string} method
 * @param {import('node:http').ClientRequest} request
 * @param {NodeJS.ErrnoException} error
 */
function retriable(method, request, error) {
  return request.reusedSocket && IDEMPOTENT.has(method) && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
}

/**
 * The headers to pass on: every one but the hop-by-hop ones and those the `Connection` header names.
 * @param {Record<string, string[] | undefined>} headers lower-case names, every value
 * @returns {Record<string, string[]>}
 */
function endToEnd(headers) {
  const connection = headers.connection;
  // Nearly every message says only `keep-alive` or `close`: no header named there to look for.
  const named =
    connection && !(connection.length === 1 && KEEP_ALIVE_OR_CLOSE.test(connection[0] ?? ''))
      ? new Set(connection.flatMap((value) => value.toLowerCase().split(',')).map((name) => name.trim()))
      : undefined;
  /** @type {Record<string, string[]>} */
  const kept = {};
  for (const name in headers) {
    const values = headers[name];
    if (values && !HOP_BY_HOP.has(name) && !named?.has(name)) kept[name] = values;
  }
  return kept;
}

/**
 * @param {import('node:http').IncomingMessage} response
 * @param {Buffer} raw
 * @returns {ForwardedAnswer}
 */
function answerOf(response, raw) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [name, values] of Object.entries(endToEnd(response.headersDistinct))) headers[name] = values.join(', ');
  const { text, note } = decodedText(raw, headers['content-encoding']);
  return { status: response.statusCode ?? 502, headers, raw, text, notes: note ? [note] : [] };
}

/**
 * The body as text, undone of its content codings (last applied, first undone). One the proxy cannot undo is judged
 * as it was sent, and the journal says why.
 * @param {Buffer} raw
 * @param {string | undefined} contentEncoding
 * @returns {{ text: string, note?: string }}
 */
function decodedText(raw, contentEncoding) {
  const codings = (contentEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (codings.length === 0 || raw.length === 0) return { text: raw.toString('utf8') };
  let bytes = raw;
  for (const coding of codings.reverse()) {
    const decode = DECODERS[coding];
    const why = (/** @type {string} */ reason) =>
      `the answer's Content-Encoding ${contentEncoding} could not be decoded (${reason}): judged as it was sent`;
    if (!decode) return { text: raw.toString('utf8'), note: why(`${coding} is not supported`) };
    try {
      bytes = decode(bytes);
    } catch (error) {
      return { text: raw.toString('utf8'), note: why(reasonOf(error)) };
    }
  }
  return { text: bytes.toString('utf8') };
}

/**
 * What went wrong, in a word where there is one (`ECONNREFUSED`, `DEPTH_ZERO_SELF_SIGNED_CERT`).
 * @param {unknown} error
 */
function reasonOf(error) {
  const cause = /** @type {any} */ (error);
  return cause?.code ?? cause?.message ?? String(error);
}
