// The "Try it" console's requests: what the reader filled in becomes a URL and fetch's arguments, sent only to this
// machine or to the server that serves the page. One of the console's browser modules (see try-it-console.js), which
// the tests import in Node: nothing runs at load.

/**
 * @typedef {import('./try-it-model.js').TryItModel} TryItModel
 * @typedef {import('./try-it-model.js').TryItOperation} TryItOperation
 */

/**
 * The page may reach only this machine, and the server that serves it (its Content-Security-Policy says the same):
 * a mock in a container, opened by its name, serves the page that calls it.
 */
export const LOCAL_HOSTS = ['127.0.0.1', 'localhost'];

/** Response headers the console leaves out: the local server's CORS plumbing, not part of the API's answer. */
const HIDDEN_HEADERS = /^access-control-/;

/**
 * What the reader typed for one request.
 * @typedef {object} TryItValues
 * @property {Record<string, string>} path
 * @property {Record<string, string>} query
 * @property {Record<string, string>} header
 * @property {string} [body] The JSON body as typed.
 * @property {Record<string, string>} [fields] Multipart text parts.
 * @property {Record<string, Blob>} [files] Multipart file parts the reader chose.
 */

/**
 * @typedef {object} TryItSession
 * @property {string} server Base URL of a local server, or of the server that serves the page.
 * @property {string} [pageOrigin] The page's own origin when it was served over HTTP (not opened from a file).
 * @property {string} [token] The bearer token, for operations that require one.
 * @property {string} [accountId]
 * @property {string} [prefer] The `Prefer` header (the mock picks its answer by it).
 */

/**
 * The fetch arguments of one request: the URL from the server, the path template and the query; the bearer token,
 * `AccountId` and header parameters; the body as JSON or multipart form data (a file part the reader did not choose
 * is sent as the example's file: its content, file name and type, as the samples upload it).
 * @param {TryItOperation} operation
 * @param {TryItValues} values
 * @param {TryItSession} session
 * @returns {{ url: string, init: RequestInit }}
 * @throws {Error} saying what to fix: a server elsewhere, a missing required value, a body that is not JSON
 */
export function buildTryItRequest(operation, values, session) {
  const base = localServer(session.server, session.pageOrigin);
  const missing = operation.parameters.filter(
    (parameter) => parameter.required && !values[parameter.in][parameter.name]?.trim(),
  );
  if (missing.length > 0) throw new Error(`Fill in ${missing.map((parameter) => parameter.name).join(', ')}`);
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name) => encodeURIComponent(values.path[name]?.trim() ?? ''));
  const query = new URLSearchParams(Object.entries(values.query).filter(([, value]) => value !== ''));
  const url = `${base}${path}${query.size > 0 ? `?${query}` : ''}`;
  /** @type {Record<string, string>} */
  const headers = {};
  if (operation.requiresBearer) {
    if (!session.token) throw new Error('No token: get one first');
    headers.Authorization = `Bearer ${session.token}`;
  }
  if (operation.sendsAccount) headers.AccountId = session.accountId?.trim() ?? '';
  for (const [name, value] of Object.entries(values.header)) if (value !== '') headers[name] = value;
  if (session.prefer?.trim()) headers.Prefer = session.prefer.trim();
  /** @type {RequestInit} */
  const init = { method: operation.method, headers, credentials: 'omit' };
  const { body } = operation;
  if (body?.kind === 'json') {
    const text = values.body ?? body.text;
    try {
      JSON.parse(text);
    } catch (error) {
      throw new Error(`The body is not JSON: ${/** @type {Error} */ (error).message}`);
    }
    headers['Content-Type'] = body.mediaType;
    init.body = text;
  } else if (body?.kind === 'multipart') {
    const form = new FormData();
    for (const field of body.fields) {
      if (field.fileName) {
        const chosen = values.files?.[field.name];
        const file = chosen ?? new Blob([field.value], { type: field.contentType ?? 'application/octet-stream' });
        form.append(field.name, file, chosen instanceof File ? chosen.name : field.fileName);
      } else {
        form.append(field.name, values.fields?.[field.name] ?? field.value);
      }
    }
    init.body = form; // fetch sets the multipart Content-Type with its boundary
  }
  return { url, init };
}

/**
 * The base URL of a server on this machine, or on the page's own origin, without a trailing slash.
 * @param {string} server
 * @param {string} [pageOrigin] the origin of a page served over HTTP, which it may call whatever its host
 * @throws {Error} for anything else: the page may only talk to this machine and to the server that serves it
 */
export function localServer(server, pageOrigin) {
  let url;
  try {
    url = new URL(server.trim());
  } catch {
    throw new Error(`Not a URL: "${server}"`);
  }
  const local = url.protocol === 'http:' && LOCAL_HOSTS.includes(url.hostname);
  if (!local && url.origin !== pageOrigin) {
    throw new Error(
      `This page talks only to a server on this machine (http://${LOCAL_HOSTS.join(' or http://')})` +
        (pageOrigin ? ` or to the one that serves it (${pageOrigin})` : ''),
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * {@link localServer}, or undefined for a server the page may not call.
 * @param {string} server
 * @param {string} [pageOrigin]
 */
export function localServerOrNothing(server, pageOrigin) {
  try {
    return localServer(server, pageOrigin);
  } catch {
    return undefined;
  }
}

/**
 * The server that serves the page, when the page is its reference at `docsPath` (a proxy's prefix before it kept):
 * the console sends there first, on the page's own origin, so no CORS step is needed. A page opened from a file, or
 * served anywhere else (`serve-docs`), has none.
 * @param {{ protocol: string, origin: string, pathname: string }} location the page's
 * @param {string} docsPath where the servers serve the page (`/_docs`)
 * @returns {string | undefined}
 */
export function servingServer({ protocol, origin, pathname }, docsPath) {
  if ((protocol !== 'http:' && protocol !== 'https:') || !pathname.endsWith(docsPath)) return undefined;
  return `${origin}${pathname.slice(0, -docsPath.length)}`;
}

/**
 * The response headers the console shows, in the order fetch gives them (by name): `Retry-After`, `WWW-Authenticate`
 * and whatever else the answer carries, but the CORS headers of a cross-origin call. A page on another origin reads
 * them all because the servers expose them (`Access-Control-Expose-Headers: *`).
 * @param {Headers} headers
 * @returns {[string, string][]}
 */
export function shownHeaders(headers) {
  return [...headers].filter(([name]) => !HIDDEN_HEADERS.test(name));
}
