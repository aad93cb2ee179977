import { didYouMean } from '../model/closest-first.js';
import { createOperationMatcher, jsonDepth, MAX_JSON_DEPTH, parseMediaType } from '../model/create-contract.js';
import { formatJsonSyntaxError, locateJsonSyntaxError } from '../server/json-syntax-error.js';
import { DEFAULT_LIMITS } from '../server/limits.js';
import { sendJson, sendRefusal } from '../server/pipeline/send-answer.js';
import { checkControlHandlers, controlPathTemplates } from './control-route-table.js';
import { RefusalError } from './refusal-error.js';

/**
 * @typedef {import('./control-route-table.js').ControlRequest} ControlRequest
 * @typedef {import('./control-route-table.js').ControlAnswer} ControlAnswer
 * @typedef {import('./control-route-table.js').ControlHandler} ControlHandler
 * @typedef {import('./control-route-table.js').ControlRouteTable} ControlRouteTable
 */

/**
 * @typedef {object} ControlRoute a route of a server's own test API, never part of the contract
 * @property {string} method upper case
 * @property {string} path below the prefix, a template (`/rfi-cases/{rfiId}/close`; `''` is the prefix itself)
 * @property {ControlHandler} handle throws a `RefusalError` to refuse
 * @property {number} [maxBodyBytes] the largest body this route takes, for one that takes more than test records (a
 *   saved state); the server's `maxControlBodyBytes` when left out
 */

/**
 * @typedef {object} ControlApi a server's control routes, under one reserved prefix
 * @property {string} prefix one path segment outside `/v1` (`/_mock`, `/_emulator`), so that it never collides
 *   with a path of the contract
 * @property {ControlRoute[]} routes
 */

/**
 * The routes a server serves for a table of control routes, each bound to the handler of its name: a route with an
 * optional last segment becomes two (`DELETE /answers` and `DELETE /answers/{operationId}`), and one that takes a
 * request's body size (`bodyLimit: 'request'`) gets the contract's request body limit.
 * @template {ControlRouteTable} Table
 * @param {Table} routes
 * @param {{ [Name in keyof Table]: ControlHandler }} handlers one per route, by its name
 * @returns {ControlRoute[]}
 * @throws {TypeError} when a route has no handler, or a handler no route: at start, not on a call
 */
export function bindControlRoutes(routes, handlers) {
  checkControlHandlers(routes, handlers);
  return Object.entries(routes).flatMap(([name, route]) =>
    controlPathTemplates(route.path).map((path) => ({
      method: route.method,
      path,
      handle: /** @type {ControlHandler} */ (handlers[name]),
      ...(route.bodyLimit === 'request' ? { maxBodyBytes: DEFAULT_LIMITS.maxBodyBytes } : {}),
    })),
  );
}

/**
 * Serves a control API for the pipeline. Only the machine's own callers reach it: its Host must name the server as
 * reached on loopback (a foreign Host is a DNS-rebinding page) and an Origin, when a browser sends one, the server's
 * own; a control API hands out secrets and changes state, so no web page a developer has open may call it. Bodies
 * are JSON objects (a form or text body, which a page could send without asking, is refused 415), within
 * `maxControlBodyBytes` (or the route's own `maxBodyBytes`) and the JSON depth limit. Every refusal is the service's
 * error envelope.
 * @param {import('../model/create-contract.js').Contract} contract gives the code of each error status
 * @param {ControlApi} api
 * @param {{ maxControlBodyBytes: number, address: () => { port: number, host: string } }} settings
 * @returns {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse,
 *   query: URLSearchParams) => Promise<void>}
 */
export function createControlRoutes(contract, { prefix, routes }, { maxControlBodyBytes, address }) {
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
      const body = await readControlBody(request, found.operation.maxBodyBytes ?? maxControlBodyBytes);
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
 * @param {import('node:http').IncomingMessage} request
 * @param {number} maxBytes
 * @returns {Promise<any>}
 */
async function readControlBody(request, maxBytes) {
  const announced = Number(request.headers['content-length'] ?? 0);
  if (announced === 0 && request.headers['transfer-encoding'] === undefined) return {};
  if (parseMediaType(request.headers['content-type'])?.essence !== 'application/json') {
    throw new RefusalError(415, 'control bodies are application/json');
  }
  const tooLarge = () => new RefusalError(400, `control bodies are at most ${maxBytes} bytes`);
  if (announced > maxBytes) throw tooLarge();
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
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
