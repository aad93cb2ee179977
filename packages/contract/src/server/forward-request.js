import { RefusalError } from './refusal-error.js';

/**
 * Headers that belong to one connection (RFC 9110 section 7.6.1), or that the sender of the next hop sets itself:
 * never passed on in either direction. `content-encoding` goes with them on the way back, since fetch hands over the
 * body decoded.
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
 * @typedef {object} ForwardedAnswer what the upstream answered, to send on as it is
 * @property {number} status
 * @property {Record<string, string>} headers the end-to-end headers, names in lower case
 * @property {Uint8Array} raw the body, decoded
 */

/**
 * Sends a request on to an upstream server and reads its answer whole: the method, the target (below the upstream's
 * own path, if it has one), every end-to-end header as it came (the bearer token and `AccountId` included,
 * untouched) and the body byte for byte.
 * @param {string} upstream the upstream's base URL (`https://sandbox.example.com`, or with a path)
 * @param {{ method?: string, url?: string, headersDistinct: Record<string, string[] | undefined> }} request
 * @param {Uint8Array} body
 * @param {{ timeoutMs: number }} options how long the upstream may take to answer, whole
 * @returns {Promise<ForwardedAnswer>}
 * @throws {RefusalError} 502 when the upstream cannot be reached or breaks off, 504 when it answers too late
 */
export async function forwardRequest(upstream, request, body, { timeoutMs }) {
  const headers = new Headers();
  for (const [name, values] of Object.entries(request.headersDistinct)) {
    if (HOP_BY_HOP.has(name)) continue;
    for (const value of values ?? []) headers.append(name, value);
  }
  const method = request.method ?? 'GET';
  try {
    const response = await fetch(`${upstream.replace(/\/+$/, '')}${request.url ?? '/'}`, {
      method,
      headers,
      body: body.length > 0 ? /** @type {Uint8Array<ArrayBuffer>} */ (body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const raw = new Uint8Array(await response.arrayBuffer());
    /** @type {Record<string, string>} */
    const answerHeaders = {};
    for (const [name, value] of response.headers) {
      if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') answerHeaders[name] = value;
    }
    return { status: response.status, headers: answerHeaders, raw };
  } catch (error) {
    const cause = /** @type {any} */ (error);
    if (cause?.name === 'TimeoutError')
      throw new RefusalError(504, `the upstream ${upstream} did not answer ${method} within ${timeoutMs} ms`);
    const reason = cause?.cause?.code ?? cause?.cause?.message ?? cause?.message ?? String(error);
    throw new RefusalError(502, `the upstream ${upstream} cannot be reached: ${reason}`);
  }
}
