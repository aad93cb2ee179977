import { describeFetchFailure } from './fetch-failure.js';

/**
 * What a call of a server's control client (`connectMock`, `connectEmulator`) throws when the server refused it or
 * could not be reached: the message names the call (method and URL) and the cause (the envelope's code and message,
 * or why no answer came), so that a failed test says what went wrong without a second look.
 */
export class ControlCallError extends Error {
  /**
   * @param {string} message
   * @param {{ method: string, url: string, status: number, code?: string | null, details?: unknown,
   *   cause?: unknown }} info `status` 0 when no answer came
   */
  constructor(message, { method, url, status, code = null, details, cause }) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ControlCallError';
    /** The call's method (`POST`). */
    this.method = method;
    /** The URL called. */
    this.url = url;
    /** The answer's status; 0 when none came. */
    this.status = status;
    /** The error envelope's `code` (`VALIDATION_FAILED`, `NOT_FOUND`), null when there was none. */
    this.code = code;
    /** The envelope's `details`, when it had any. */
    this.details = details;
  }
}

/**
 * @typedef {(method: string, path: string, request?: { body?: unknown,
 *   query?: Record<string, string | number | undefined> }) => Promise<any>} ControlCall one call of a control API:
 *   its JSON answer, undefined for none (204)
 */

/**
 * The calls of a server's control API from any process, over HTTP, for its typed client: JSON bodies, a bound on
 * each call, and one {@link ControlCallError} for every way a call can fail.
 * @param {string | URL} url the server's base URL
 * @param {{ prefix: string, server: string, client: string, timeoutMs: number }} settings the control prefix
 *   (`/_mock`), the server and its client in messages (`mock`, `connectMock`), how long a call may take
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
