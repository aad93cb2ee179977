import { DEFAULT_LIMITS } from '../server/limits.js';
import { checkControlHandlers, controlPathTemplates } from './control-route-table.js';

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
