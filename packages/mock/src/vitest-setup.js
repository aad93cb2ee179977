/// <reference path="./vitest-context.d.ts" preserve="true" />
// @payments-connect/mock/vitest: the mock of a test run, as vitest's `globalSetup` names it (Jest's globalSetup and
// globalTeardown take `setup` and `teardown`). It imports nothing of vitest's until a test file asks (`useMock`), so
// that Jest, and the process of the global setup, never load it.
import { BASE_URL_VARIABLE, createTestServerModule, TestSetupError } from '@payments-connect/contract/control';
import { connectMock } from './connect-mock.js';

export { TestSetupError };

/**
 * @typedef {object} MockSettings what the test files of a run are handed of its mock (`inject('paymentsConnectMock')`)
 * @property {string} url the mock's base URL, no trailing slash
 * @property {Record<string, string>} env the settings `--write-env` writes, also in the test files' environment:
 *   `PAYMENTS_CONNECT_BASE_URL`
 */

/** The module, in messages. */
const SETUP = '@payments-connect/mock/vitest';

const mock = createTestServerModule({
  server: 'mock',
  attach: async (url) => settingsOf(url),
  start: async () => {
    const { startMock } = await import('./index.js');
    const started = await startMock();
    return { ...settingsOf(started.url), stop: started.stop };
  },
});

/**
 * The mock of a test run: with `PAYMENTS_CONNECT_BASE_URL` set (`payments-connect-mock exec`, a CI service), the mock
 * there, once its health route says it is a mock, so that every request reaches the mock `exec` journals; otherwise a
 * mock started in this process on a free port. Either way the test files get `PAYMENTS_CONNECT_BASE_URL` in their
 * environment and `inject('paymentsConnectMock')` (`MockSettings`). Rejects with a `TestSetupError`, in one line naming
 * both, when `PAYMENTS_CONNECT_BASE_URL` names no mock (an emulator, another server, nothing).
 * @type {(project?: import('@payments-connect/contract/control').ProvidingProject) => Promise<() => Promise<void>>}
 *   `project`: vitest's `TestProject`, or Jest's global config, which provides nothing; resolves to the teardown,
 *   which stops a mock it started
 */
export const setup = mock.setup;

export default setup;

/**
 * Stops the mock `setup` started (none when it attached to one) and gives the environment back: what Jest's
 * globalTeardown calls; vitest calls what `setup` resolves to.
 * @type {() => Promise<void>}
 */
export const teardown = mock.teardown;

/**
 * The control API of the run's mock, for a test file: the journal of what your service sent, the answers per
 * operation (`connectMock` of the URL the global setup provided, or of `PAYMENTS_CONNECT_BASE_URL`).
 * @returns {Promise<import('./connect-mock.js').MockConnection>}
 * @throws {TestSetupError} when the run has no mock: no global setup provided one, and no URL is set
 */
export async function useMock() {
  const { inject } = await import('vitest');
  const url = inject('paymentsConnectMock')?.url ?? process.env[BASE_URL_VARIABLE];
  if (!url) throw new TestSetupError(`useMock: the run has no mock: name ${SETUP} in vitest's globalSetup`);
  return connectMock(url);
}

/**
 * @param {string} url
 * @returns {{ env: Record<string, string>, provided: MockSettings }}
 */
function settingsOf(url) {
  const env = { [BASE_URL_VARIABLE]: url };
  return { env, provided: { url, env } };
}
