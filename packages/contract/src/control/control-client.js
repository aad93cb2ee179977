import { ControlCallError } from './control-call-error.js';
import { prepareControlCall } from './control-route-table.js';
import { describeFetchFailure } from './fetch-failure.js';

/** @typedef {import('./control-route-table.js').ControlRouteTable} ControlRouteTable */

/**
 * @typedef {(method: string, path: string, request?: { body?: unknown,
 *   query?: Record<string, string | number | boolean | undefined> }) => Promise<any>} ControlCall one call of a control
 *   API: its JSON answer, undefined for none (204)
 */

/**
 * @typedef {object} ControlClientSettings
 * @property {string} prefix the server's control prefix (`/_mock`)
 * @property {string} server the server, in messages (`mock`)
 * @property {string} client the function that made the client, in messages (`connectMock`)
 * @property {number} timeoutMs how long one call may take
 */

/**
 * A typed client of a control API: one method per route of its table, taking the route's arguments and resolving to
 * its result.
 * @template {ControlRouteTable} Table
 * @typedef {{ [Name in keyof Table]: (...args: import('./control-route-table.js').ControlArgs<Table[Name]>) =>
 *   Promise<import('./control-route-table.js').ControlResult<Table[Name]>> }} ControlClient
 */

/**
 * The client of a server's control API, from any process: a method for each route of the table, which makes the
 * route's request from its arguments, sends it, and resolves to the route's result, or rejects with a
 * {@link ControlCallError} naming the call and the cause (a `TypeError` for a missing path value).
 * @template {ControlRouteTable} Table
 * @param {Table} routes
 * @param {string | URL} url the server's base URL
 * @param {ControlClientSettings} settings
 * @returns {ControlClient<Table> & { url: string }} `url`: the base URL, no trailing slash
 * @throws {TypeError} for a URL that is no http(s) URL, a bound that is no positive integer, or a route named `url`
 */
export function createControlClient(routes, url, settings) {
  if (Object.hasOwn(routes, 'url')) throw new TypeError('a control route cannot be named url: the client has its URL');
  const { base, call } = controlCaller(url, settings);
  /** @type {Record<string, unknown>} */
  const client = { url: base };
  for (const [name, route] of Object.entries(routes)) {
    client[name] = async (/** @type {unknown[]} */ ...args) => {
      const { path, query, body } = prepareControlCall(name, route, args);
      const answer = await call(route.method, path, { query, body });
      return route.fromAnswer ? route.fromAnswer(answer) : answer;
    };
  }
  return /** @type {ControlClient<Table> & { url: string }} */ (client);
}

/**
 * The calls of a server's control API from any process, over HTTP, for its typed client: JSON bodies, a bound on
 * each call, and one {@link ControlCallError} for every way a call can fail.
 * @param {string | URL} url the server's base URL
 * @param {ControlClientSettings} settings
 * @returns {{ base: string, call: ControlCall }} the base URL, no trailing slash, and the caller
 * @throws {TypeError} for a URL that is no http(s) URL, or a bound that is no positive integer
 */
export function controlCaller(url, { prefix, server, client, timeoutMs }) {
  /** @type {URL | undefined} */
  let parsed;
  try {
    parsed = new URL(String(url));
  } catch {
    parsed = undefined;
  }
  if (parsed?.protocol !== 'http:' && parsed?.protocol !== 'https:')
    throw new TypeError(`${client} takes the ${server}'s http(s) URL, got ${String(url)}`);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1)
    throw new TypeError(`timeoutMs must be a positive integer, got ${timeoutMs}`);
  const base = parsed.href.replace(/\/+$/, '');

  /** @type {ControlCall} */
  async function call(method, path, { body, query = {} } = {}) {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
    const target = `${base}${prefix}${path}${search.size > 0 ? `?${search}` : ''}`;
    /** @type {Response} */
    let response;
    let text;
    try {
      response = await fetch(target, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new ControlCallError(
        `${method} ${target}: ${describeFetchFailure(error, timeoutMs)}; is the ${server} running at ${base}?`,
        {
          method,
          url: target,
          status: 0,
          cause: error,
        },
      );
    }
    const answer = parseJson(text);
    if (!answer.ok) {
      throw new ControlCallError(
        `${method} ${target}: ${response.status} with a body that is no JSON: is the ${server} running at ${base}?`,
        { method, url: target, status: response.status },
      );
    }
    if (!response.ok) {
      const envelope = answer.value && typeof answer.value === 'object' ? answer.value : {};
      const code = typeof envelope.code === 'string' ? envelope.code : null;
      const message = typeof envelope.message === 'string' ? envelope.message : text.slice(0, 200);
      throw new ControlCallError(`${method} ${target}: ${response.status}${code ? ` ${code}` : ''}: ${message}`, {
        method,
        url: target,
        status: response.status,
        code,
        details: envelope.details,
      });
    }
    return answer.value;
  }

  return { base, call };
}

/**
 * @param {string} text
 * @returns {{ ok: true, value: any } | { ok: false }}
 */
function parseJson(text) {
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
