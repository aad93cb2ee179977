import { TOKEN_PATH } from './sample-exchange.js';

/** Headers of every answer: a JSON body of known length, as a real service sends. */
const JSON_HEADERS = { 'content-type': 'application/json' };

/**
 * Which body answers a request: the token for the token path, the RFI case for anything else. Shared by the
 * stubbed fetch and the HTTP server so both answer exactly alike.
 * @param {import('./sample-exchange.js').SampleExchange} sample
 * @param {string} pathname
 * @returns {string}
 */
export function answerBody(sample, pathname) {
  return pathname.endsWith(TOKEN_PATH) ? sample.tokenBody : sample.caseBody;
}

/**
 * A fetch that answers at once with a freshly made Response over a prebuilt body, without I/O: what it
 * costs is the client's own work (request building, headers, body parsing, middleware).
 * @param {import('./sample-exchange.js').SampleExchange} sample
 * @returns {typeof fetch}
 */
export function createStubFetch(sample) {
  const init = { status: 200, headers: JSON_HEADERS };
  return async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return new Response(answerBody(sample, url), init);
  };
}

/**
 * The headers the HTTP server sends, with the content length of a body.
 * @param {string} body
 */
export function answerHeaders(body) {
  return { ...JSON_HEADERS, 'content-length': Buffer.byteLength(body) };
}
