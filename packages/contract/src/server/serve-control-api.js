import {
  createOperationMatcher,
  didYouMean,
  hasBodyHeaders,
  jsonDepth,
  MAX_JSON_DEPTH,
  parseMediaType,
} from '../contract.js';
import { RefusalError } from '../control/refusal-error.js';
import { formatJsonSyntaxError, locateJsonSyntaxError } from './json-syntax-error.js';
import { readBody } from './pipeline/read-body.js';
import { sendJson, sendRefusal } from './pipeline/send-answer.js';

/** @typedef {import('../control/bind-control-routes.js').ControlApi} ControlApi */

/**
 * Serves a control API for the pipeline. Only the machine's own callers reach it: its Host must name the server as
 * reached on loopback (a foreign Host is a DNS-rebinding page) and an Origin, when a browser sends one, the server's
 * own; a control API hands out secrets and changes state, so no web page a developer has open may call it. Bodies
 * are JSON objects (a form or text body, which a page could send without asking, is refused 415), within
 * `maxControlBodyBytes` (or the route's own `maxBodyBytes`) and the JSON depth limit. Every refusal is the service's
 * error envelope.
 * @param {import('../contract.js').Contract} contract gives the code of each error status
 * @param {ControlApi} api
 * @param {{ maxControlBodyBytes: number, address: () => { port: number, host: string } }} settings
 * @returns {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse,
 *   query: URLSearchParams) => Promise<void>}
 */
export function serveControlApi(contract, { prefix, routes }, { maxControlBodyBytes, address }) {
  const match = createOperationMatcher(routes.map((route) => ({ ...route, path: `${prefix}${route.path}` })));
  return async (request, response, query) => {
    try {
      if (!isLocalCaller(request, address())) {
        throw new RefusalError(403, `${prefix} answers only local callers of this address, never another origin`);
      }
      const found = match(request.method ?? 'GET', request.url ?? '/');
      if (found.kind === 'method-not-allowed') {
        const allowed = found.allowed.join(', ');
        throw new RefusalError(405, `${request.method} is not allowed on ${found.template}; allowed: ${allowed}`, {
          headers: { Allow: allowed },
        });
      }
      if (found.kind === 'not-found') {
        const paths = new Set(routes.map((route) => `${prefix}${route.path}`));
        throw new RefusalError(404, `no control route at ${found.path}; ${didYouMean(found.path, paths)}`);
      }
      if (found.kind !== 'matched') throw new RefusalError(404, `no control route at ${request.url}`);
      const body = await readControlBody(request, response, found.operation.maxBodyBytes ?? maxControlBodyBytes);
      if (body === undefined) {
        response.destroy();
        return;
      }
      const answer = await found.operation.handle({ params: found.pathParams, query, body });
      sendJson(response, answer.status, answer.status === 204 ? undefined : answer.body);
    } catch (error) {
      if (!(error instanceof RefusalError)) throw error;
      // A body left unread (refused before or while reading it) cannot be followed by another request.
      sendRefusal(response, error.toRefusal(contract), { closeConnection: !request.complete });
    }
  };
}

/**
 * @param {import('node:http').IncomingMessage} request
 * @param {{ port: number, host: string }} address where the server listens
 */
function isLocalCaller(request, { port, host }) {
  const own = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `${host}:${port}`]);
  const hostHeader = request.headers.host?.toLowerCase();
  if (!hostHeader || !own.has(hostHeader)) return false;
  const origin = request.headers.origin;
  return origin === undefined || origin === `http://${hostHeader}`;
}

/**
 * A control body, read by the pipeline's one body reader (`read-body.js`) within `maxBytes`, then parsed: a JSON
 * object, or `{}` for none.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {number} maxBytes
 * @returns {Promise<any>} undefined when the client went away before its body was whole
 */
async function readControlBody(request, response, maxBytes) {
  if (!hasBodyHeaders(request.headersDistinct)) return {};
  if (parseMediaType(request.headers['content-type'])?.essence !== 'application/json') {
    throw new RefusalError(415, 'control bodies are application/json');
  }
  const bytes = await readBody(request, response, maxBytes);
  if (bytes === 'abandoned') return undefined;
  if (bytes === 'too-large') throw new RefusalError(400, `control bodies are at most ${maxBytes} bytes`);
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    throw new RefusalError(400, `control bodies nest at most ${MAX_JSON_DEPTH} levels`);
  let body;
  try {
    body = JSON.parse(text);
  } catch (error) {
    // Where it broke, and what was there: JSON.parse's own words vary with Node and may not say where.
    const where = locateJsonSyntaxError(text);
    const problem = where ? formatJsonSyntaxError(where) : /** @type {Error} */ (error).message;
    throw new RefusalError(400, `control bodies are JSON: ${problem}`, { details: where });
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new RefusalError(400, 'control bodies are JSON objects');
  return body;
}
