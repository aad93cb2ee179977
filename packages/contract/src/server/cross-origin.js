/**
 * @typedef {import('../contract.js').Contract} Contract
 */

/** How long a browser may reuse a preflight answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

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
