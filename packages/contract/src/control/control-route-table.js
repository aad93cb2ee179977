// A control route is declared once, in its server's table: the server binds a handler to its name
// (`bindControlRoutes`), the remote client (`createControlClient`) and the in-process one (`inProcessControl`) build a
// method of that name from it. No caller spells a control path. Data only: nothing here loads the contract.

/** @typedef {'GET' | 'POST' | 'PUT' | 'DELETE'} ControlMethod */

/**
 * @typedef {object} ControlCallRequest what one call of a control route sends, made from the call's arguments
 * @property {Record<string, string | undefined>} [params] the path template's parameters, by name; an optional last
 *   segment (`{/name}`) left undefined is left out
 * @property {Record<string, string | number | boolean | undefined>} [query] each value given is sent as text; an
 *   undefined one is not sent
 * @property {unknown} [body] sent as JSON; none when undefined
 */

/**
 * One route of a server's control API: its name is its key in the table.
 * @template {unknown[]} [Args=[]] the arguments of the call
 * @template [Result=unknown] what the call resolves to
 * @typedef {object} ControlRouteDeclaration
 * @property {ControlMethod} method
 * @property {string} path below the server's prefix, a template: `{name}` a path parameter, `{/name}` an optional
 *   last segment (RFC 6570: `/value`, or nothing), `''` the prefix itself
 * @property {(...args: Args) => ControlCallRequest} [toRequest] how the call's arguments become its request; left out
 *   for a call that sends nothing
 * @property {(body: any) => Result} [fromAnswer] how the answer's JSON becomes the call's result; left out for the
 *   JSON as it is (nothing for a 204)
 * @property {'control' | 'request'} [bodyLimit] the largest body the route takes: a control route's (the default,
 *   64 KiB of test records) or a request's of the contract (10 MiB: a saved state)
 */

/** @typedef {Readonly<Record<string, ControlRouteDeclaration<any, any>>>} ControlRouteTable */

/**
 * @template {ControlRouteDeclaration<any, any>} Route
 * @typedef {Route extends ControlRouteDeclaration<infer Args, any> ? Args : never} ControlArgs the arguments a call
 *   of the route takes
 */

/**
 * @template {ControlRouteDeclaration<any, any>} Route
 * @typedef {Route extends ControlRouteDeclaration<any, infer Result> ? Result : never} ControlResult what a call of
 *   the route resolves to
 */

/**
 * @typedef {object} ControlRequest what a control route's handler is given
 * @property {Record<string, string>} params the path's parameters, by template name
 * @property {URLSearchParams} query
 * @property {any} body the JSON body, an object over HTTP (`{}` when none); in process, what the call gave
 */

/**
 * @typedef {object} ControlAnswer
 * @property {number} status
 * @property {unknown} [body] a JSON value; none for 204
 */

/**
 * @typedef {(request: ControlRequest) => ControlAnswer | Promise<ControlAnswer>} ControlHandler a route's work:
 *   throws a `RefusalError` to refuse
 */

/**
 * @typedef {object} PreparedControlCall a call's request, checked, ready for HTTP or for the handler in process
 * @property {string} path the route's path with the call's values, encoded
 * @property {Record<string, string>} params the path's values, by name (an optional segment left out is absent)
 * @property {Record<string, string>} query the query's values given, as text
 * @property {unknown} body
 */

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);
/** `{name}` or `{/name}`: a path parameter, or an optional last segment. */
const PARAMETER = /\{(\/?)([A-Za-z][A-Za-z0-9]*)\}/g;

/**
 * Checks a server's table of control routes once, when its module loads, and freezes it: a route's method, its path
 * template (an optional segment only last) and its functions, and no two routes at one method and path.
 * @template {ControlRouteTable} Table
 * @param {Table} routes by the name of the call each is
 * @returns {Readonly<Table>}
 * @throws {TypeError} naming the route and what is wrong with it
 */
export function defineControlRoutes(routes) {
  const seen = new Map();
  for (const [name, route] of Object.entries(routes)) {
    const wrong = (/** @type {string} */ problem) => new TypeError(`control route ${name}: ${problem}`);
    if (!METHODS.has(route.method)) throw wrong(`method must be one of ${[...METHODS].join(', ')}`);
    if (typeof route.path !== 'string' || (route.path !== '' && !route.path.startsWith('/')))
      throw wrong(`path must be '' or start with /, got ${JSON.stringify(route.path)}`);
    const optional = route.path.indexOf('{/');
    if (optional !== -1 && !/\{\/[A-Za-z][A-Za-z0-9]*\}$/.test(route.path))
      throw wrong(`an optional segment ({/name}) comes last, in ${route.path}`);
    for (const field of /** @type {const} */ (['toRequest', 'fromAnswer'])) {
      if (route[field] !== undefined && typeof route[field] !== 'function') throw wrong(`${field} must be a function`);
    }
    if (route.bodyLimit !== undefined && route.bodyLimit !== 'control' && route.bodyLimit !== 'request')
      throw wrong(`bodyLimit must be 'control' or 'request'`);
    for (const template of controlPathTemplates(route.path)) {
      const key = `${route.method} ${template.replace(PARAMETER, '{}')}`;
      if (seen.has(key)) throw wrong(`${route.method} ${template} is route ${seen.get(key)} already`);
      seen.set(key, name);
    }
    Object.freeze(route);
  }
  return Object.freeze(routes);
}

/**
 * The templates a server matches for a route's path: the path itself, or, with an optional last segment, the path
 * without it and with it as a parameter (`/answers{/operationId}`: `/answers`, `/answers/{operationId}`).
 * @param {string} path
 * @returns {string[]}
 */
export function controlPathTemplates(path) {
  const optional = /\{\/([A-Za-z][A-Za-z0-9]*)\}$/.exec(path);
  if (!optional) return [path];
  const without = path.slice(0, optional.index);
  return [without, `${without}/{${optional[1]}}`];
}

/**
 * A route's path with values, each encoded (`/tenants/{tenantId}` with `{ tenantId: 'a b' }`: `/tenants/a%20b`).
 * @param {string} path the route's template
 * @param {Record<string, string | undefined>} [params]
 * @returns {string}
 * @throws {TypeError} for a value of a path parameter that is no non-empty string (an optional segment's may be left
 *   out)
 */
export function fillControlPath(path, params = {}) {
  return path.replace(PARAMETER, (_, optional, name) => {
    const value = params[name];
    if (optional && value === undefined) return '';
    if (typeof value !== 'string' || value === '')
      throw new TypeError(`${name} must be a non-empty string, got ${JSON.stringify(value)}`);
    return optional ? `/${encodeURIComponent(value)}` : encodeURIComponent(value);
  });
}

/**
 * A route as a message names it: its method and its path under the prefix, the template's values filled in when
 * given (`POST /_emulator/tenants/default/reset`), the template itself otherwise
 * (`DELETE /_emulator/tenants/{tenantId}`).
 * @param {string} prefix the server's control prefix
 * @param {ControlRouteDeclaration<any, any>} route
 * @param {Record<string, string | undefined>} [params]
 * @returns {string}
 */
export function controlRouteLabel(prefix, route, params) {
  return `${route.method} ${prefix}${params === undefined ? route.path : fillControlPath(route.path, params)}`;
}

/**
 * Makes a call's request from its arguments, as the route declares, and checks it: the same for a remote call and
 * one in process, so that both take the same arguments and refuse the same ones.
 * @param {string} name the route's, for messages
 * @param {ControlRouteDeclaration<any, any>} route
 * @param {unknown[]} args
 * @returns {PreparedControlCall}
 * @throws {TypeError} for a missing value of a path parameter, naming the call
 */
export function prepareControlCall(name, route, args) {
  const { params = {}, query = {}, body } = route.toRequest ? route.toRequest(...args) : {};
  let path;
  try {
    path = fillControlPath(route.path, params);
  } catch (error) {
    throw new TypeError(`${name}: ${/** @type {Error} */ (error).message}`);
  }
  /** @type {Record<string, string>} */
  const given = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) given[key] = value;
  /** @type {Record<string, string>} */
  const text = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) text[key] = String(value);
  return { path, params: given, query: text, body };
}

/**
 * Checks that a handler map answers a table: one handler per route, none for a route the table lacks. Run when a
 * server starts, so that a route without its work, or work without its route, fails there and not on a call.
 * @param {ControlRouteTable} routes
 * @param {Record<string, unknown>} handlers
 * @returns {void}
 * @throws {TypeError} naming the routes without a handler and the handlers without a route
 */
export function checkControlHandlers(routes, handlers) {
  const missing = Object.keys(routes).filter((name) => typeof handlers[name] !== 'function');
  const extra = Object.keys(handlers).filter((name) => !Object.hasOwn(routes, name));
  if (missing.length === 0 && extra.length === 0) return;
  const problems = [
    missing.length > 0 && `no handler for ${missing.join(', ')}`,
    extra.length > 0 && `no route for the handlers ${extra.join(', ')}`,
  ].filter(Boolean);
  throw new TypeError(`the control routes and their handlers do not match: ${problems.join('; ')}`);
}
