import { CONTROL_PREFIX } from './defaults.js';

/**
 * @typedef {import('@payments-connect/contract/server').JournalEntry} JournalEntry
 * @typedef {import('@payments-connect/contract/server').JournalFilter} JournalFilter
 * @typedef {import('./configured-answers.js').MockAnswers} MockAnswers
 * @typedef {import('./configured-answers.js').ConfiguredAnswer} ConfiguredAnswer
 */

/**
 * @typedef {object} MockControl a running mock's control API (`/_mock/...`), from any process that can reach it
 * @property {string} url the mock's base URL, no trailing slash
 * @property {(filter?: JournalFilter) => Promise<JournalEntry[]>} requests the requests the mock received, oldest
 *   first, each as the contract judged it (filter by `operationId`, `status`, `accountId`, `since`)
 * @property {() => Promise<void>} clearRequests forgets them
 * @property {() => Promise<MockAnswers>} answers the answers configured, by operationId
 * @property {(operationId: string, answer: string) => Promise<ConfiguredAnswer>} setAnswer configures the answer of
 *   an operation (`'code=409, example=rfiNotOpen'`) for every request of it that states no preference of its own,
 *   and resolves to what it answers with
 * @property {(operationId?: string) => Promise<void>} clearAnswers forgets the answer of one operation, or all
 */

/** How long a control call waits for the mock: it answers at once, so a silent one is not coming back. */
const CONTROL_TIMEOUT_MS = 10_000;

/**
 * Connects to a running mock's control API over HTTP: the journal of the requests it received and the answers
 * configured per operation. Usable from any process, such as a vitest worker given the URL of a mock its globalSetup
 * started. Each call is one request; a failure rejects with an `Error` that names the URL and the cause (the mock's
 * message for a refusal).
 * @param {string | URL} url the mock's base URL (`http://127.0.0.1:4010`, what `startMock()` resolves to)
 * @returns {MockControl}
 * @throws {TypeError} when the URL is no absolute http(s) URL
 */
export function connectMock(url) {
  const base = String(url).replace(/\/+$/, '');
  if (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol))
    throw new TypeError(`connectMock needs the mock's http(s) URL, such as http://127.0.0.1:4010; got ${url}`);

  /**
   * @param {string} method
   * @param {string} path below the control prefix
   * @param {unknown} [body]
   * @returns {Promise<any>} the JSON answer; undefined for 204
   */
  async function call(method, path, body) {
    const target = `${base}${CONTROL_PREFIX}${path}`;
    let response;
    try {
      response = await fetch(target, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CONTROL_TIMEOUT_MS),
      });
    } catch (error) {
      throw new Error(`${method} ${target}: cannot reach the mock: ${reason(error)}`, { cause: error });
    }
    const text = await response.text();
    if (response.status === 204) return undefined;
    let answer;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${target} answered ${response.status} with no JSON: is a mock listening at ${base}?`);
    }
    if (!response.ok) {
      const message = typeof answer?.message === 'string' ? answer.message : text;
      throw new Error(`${method} ${target} answered ${response.status}: ${message}`);
    }
    return answer;
  }

  return {
    url: base,
    async requests(filter = {}) {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(filter)) if (value !== undefined) query.set(name, String(value));
      const search = query.size > 0 ? `?${query}` : '';
      return (await call('GET', `/requests${search}`)).items;
    },
    async clearRequests() {
      await call('DELETE', '/requests');
    },
    answers: () => call('GET', '/answers'),
    setAnswer: (operationId, answer) => call('PUT', `/answers/${encodeURIComponent(operationId)}`, { answer }),
    async clearAnswers(operationId) {
      await call('DELETE', operationId === undefined ? '/answers' : `/answers/${encodeURIComponent(operationId)}`);
    },
  };
}

/**
 * Why fetch failed, as a person would say it: the connection's error (`connect ECONNREFUSED 127.0.0.1:4010`) rather
 * than undici's `fetch failed`.
 * @param {unknown} error
 */
function reason(error) {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${CONTROL_TIMEOUT_MS / 1000} s`;
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
