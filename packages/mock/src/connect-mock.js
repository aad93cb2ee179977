import { controlCaller } from '@payments-connect/contract/server';
import { CONTROL_PREFIX } from './defaults.js';

/**
 * @typedef {import('@payments-connect/contract/server').JournalEntry} JournalEntry
 * @typedef {import('@payments-connect/contract/server').JournalFilter} JournalFilter
 * @typedef {import('./configured-answers.js').MockAnswers} MockAnswers
 * @typedef {import('./configured-answers.js').ConfiguredAnswer} ConfiguredAnswer
 */

/**
 * @typedef {object} MockConnection a running mock's control API (`/_mock/...`), from any process that can reach it
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
 * started. Each call is one request; a failure rejects with a `ControlCallError` that names the call and the cause
 * (the mock's code and message for a refusal, why no answer came otherwise).
 * @param {string | URL} url the mock's base URL (`http://127.0.0.1:4010`, what `startMock()` resolves to)
 * @returns {MockConnection}
 * @throws {TypeError} when the URL is no absolute http(s) URL
 */
export function connectMock(url) {
  const { base, call } = controlCaller(url, {
    prefix: CONTROL_PREFIX,
    server: 'mock',
    client: 'connectMock',
    timeoutMs: CONTROL_TIMEOUT_MS,
  });

  return {
    url: base,
    async requests(filter = {}) {
      return (await call('GET', '/requests', { query: { ...filter } })).items;
    },
    async clearRequests() {
      await call('DELETE', '/requests');
    },
    answers: () => call('GET', '/answers'),
    setAnswer: (operationId, answer) =>
      call('PUT', `/answers/${encodeURIComponent(operationId)}`, { body: { answer } }),
    async clearAnswers(operationId) {
      await call('DELETE', operationId === undefined ? '/answers' : `/answers/${encodeURIComponent(operationId)}`);
    },
  };
}
