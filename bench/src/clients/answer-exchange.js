/** The token path of the spec (the client fetches a token through it before its first call). */
export const TOKEN_PATH = '/auth/token';
/** Headers of every answer: a JSON body of known length, as a real service sends. */
const JSON_HEADERS = { 'content-type': 'application/json' };

/**
 * @typedef {object} AnswerBodies what the stubbed fetch and the bare server answer
 * @property {string} caseBody the RFI case, for any path but the token's
 * @property {string} tokenBody the token, for the token path
 */

/**
 * Which body answers a request: the token for the token path, the RFI case for anything else. Shared by the
 * stubbed fetch and the bare HTTP server so both answer exactly alike.
 * @param {AnswerBodies} bodies
 * @param {string} pathname
 * @returns {string}
 */
export function answerBody(bodies, pathname) {
  return pathname.endsWith(TOKEN_PATH) ? bodies.tokenBody : bodies.caseBody;
}

/**
 * A fetch that answers at once with a freshly made Response over a prebuilt body, without I/O: what it
 * costs is the client's own work (request building, headers, body parsing, middleware).
 * @param {AnswerBodies} bodies
 * @returns {typeof fetch}
 */
export function createStubFetch(bodies) {
  const init = { status: 200, headers: JSON_HEADERS };
  return async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return new Response(answerBody(bodies, url), init);
  };
}

/**
 * The headers the bare HTTP server sends, with the content length of a body.
 * @param {string} body
 */
export function answerHeaders(body) {
  return { ...JSON_HEADERS, 'content-length': Buffer.byteLength(body) };
}
