import { checkControlHandlers, prepareControlCall } from './control-route-table.js';

/**
 * @typedef {import('./control-route-table.js').ControlRouteTable} ControlRouteTable
 * @typedef {import('./control-route-table.js').ControlAnswer} ControlAnswer
 * @typedef {import('./control-route-table.js').ControlHandler} ControlHandler
 */

/**
 * A server's control routes as functions in its own process: each method takes the arguments of the remote client's
 * method of that name, and gives its result; at once where the route's handler answers at once, as a promise where
 * it waits.
 * @template {ControlRouteTable} Table
 * @template {{ [Name in keyof Table]: ControlHandler }} Handlers
 * @typedef {{ [Name in keyof Table]: (...args: import('./control-route-table.js').ControlArgs<Table[Name]>) =>
 *   ReturnType<Handlers[Name]> extends PromiseLike<unknown>
 *     ? Promise<import('./control-route-table.js').ControlResult<Table[Name]>>
 *     : import('./control-route-table.js').ControlResult<Table[Name]> }} InProcessControl
 */

/**
 * Calls a server's control routes in its own process, through the handlers its HTTP routes run: a call's arguments
 * become the request the remote client would send (its path values, its query, its body, unserialised), the handler
 * answers, and the answer becomes the result the remote client would resolve to. A refusal is thrown as the handler
 * threw it (a `RefusalError`).
 * @template {ControlRouteTable} Table
 * @template {{ [Name in keyof Table]: ControlHandler }} Handlers
 * @param {Table} routes
 * @param {Handlers} handlers one per route, by its name
 * @returns {InProcessControl<Table, Handlers>}
 * @throws {TypeError} when a route has no handler, or a handler no route
 */
export function inProcessControl(routes, handlers) {
  checkControlHandlers(routes, handlers);
  /** @type {Record<string, (...args: unknown[]) => unknown>} */
  const control = {};
  for (const [name, route] of Object.entries(routes)) {
    const handle = /** @type {ControlHandler} */ (handlers[name]);
    /** @param {ControlAnswer} answer */
    const resultOf = (answer) => {
      const body = answer.status === 204 ? undefined : answer.body;
      return route.fromAnswer ? route.fromAnswer(body) : body;
    };
    control[name] = (...args) => {
      const { params, query, body } = prepareControlCall(name, route, args);
      const answer = handle({ params, query: new URLSearchParams(query), body: body === undefined ? {} : body });
      return answer instanceof Promise ? answer.then(resultOf) : resultOf(answer);
    };
  }
  return /** @type {InProcessControl<Table, Handlers>} */ (/** @type {unknown} */ (control));
}
