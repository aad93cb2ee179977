/// <reference path="./vitest-context.d.ts" preserve="true" />
// @payments-connect/emulator/vitest: the emulator of a test run, as vitest's `globalSetup` names it (Jest's
// globalSetup and globalTeardown take `setup` and `teardown`), and a tenant of its own for each test file
// (`useTenant`). It imports nothing of vitest's until a test file asks, so that Jest, and the process of the global
// setup, never load it.
import { BASE_URL_VARIABLE, createTestServerModule, TestSetupError } from '@payments-connect/contract/control';
import { connectEmulator } from './connect-emulator.js';

export { TestSetupError };

/**
 * @typedef {object} EmulatorSettings what the test files of a run are handed of its emulator
 *   (`inject('paymentsConnectEmulator')`): its `default` tenant, as `GET /_emulator` describes it
 * @property {string} url the emulator's base URL, no trailing slash
 * @property {Record<string, string>} env the settings `--write-env` writes, also in the test files' environment:
 *   `PAYMENTS_CONNECT_BASE_URL`, the credentials, accounts and fixture ids, `CONFORMANCE_TARGET=sandbox`
 * @property {import('./token-issuer.js').Credentials} credentials
 * @property {import('./tenant-worlds.js').TenantAccounts} accounts
 * @property {import('./tenant-worlds.js').Fixtures} fixtures
 */

/**
 * @typedef {object} FileTenant a tenant of a test file's own, and the control API it lives in
 * @property {import('./connect-emulator.js').EmulatorConnection} emulator the run's emulator, from this process
 * @property {import('./tenant-worlds.js').Tenant} tenant `{ tenantId, accounts, fixtures, credentials, env }`
 */

/** The module, in messages. */
const SETUP = '@payments-connect/emulator/vitest';

const emulator = createTestServerModule({
  server: 'emulator',
  attach: async (url) => settingsOf(url, await connectEmulator(url).describe()),
  start: async () => {
    const { startEmulator } = await import('./emulator.js');
    const started = await startEmulator({ strict: true });
    return { ...settingsOf(started.url, started), stop: started.stop };
  },
});

/**
 * The emulator of a test run: with `PAYMENTS_CONNECT_BASE_URL` set (`payments-connect-emulator exec`, a CI service),
 * the emulator there, once its health route says it is an emulator, so that every request reaches the emulator `exec`
 * journals; otherwise one started in this process on a free port, strict (an answer that breaks the contract is a 500
 * naming it). Either way the test files get its settings in their environment (what `--write-env` writes) and
 * `inject('paymentsConnectEmulator')` (`EmulatorSettings`). Rejects with a `TestSetupError`, in one line naming both,
 * when `PAYMENTS_CONNECT_BASE_URL` names no emulator (a mock, another server, nothing).
 * @type {(project?: import('@payments-connect/contract/control').ProvidingProject) => Promise<() => Promise<void>>}
 *   `project`: vitest's `TestProject`, or Jest's global config, which provides nothing; resolves to the teardown,
 *   which stops an emulator it started
 */
export const setup = emulator.setup;

export default setup;

/**
 * Stops the emulator `setup` started (none when it attached to one) and gives the environment back: what Jest's
 * globalTeardown calls; vitest calls what `setup` resolves to.
 * @type {() => Promise<void>}
 */
export const teardown = emulator.teardown;

/**
 * A tenant of this test file's own in the run's emulator, in one call at the top of the file: created now (the seed
 * again under fresh ids, credentials of its own) and deleted after the file's tests. Nothing another file does in its
 * tenant reaches this one, so files run in parallel against one emulator.
 * @param {import('./control-routes.js').TenantOptions} [options] `{ webhookUrl }`: where the tenant's events go
 * @returns {Promise<FileTenant>}
 * @throws {TestSetupError} when the run has no emulator: no global setup provided one, and no URL is set
 */
export async function useTenant(options) {
  const { afterAll, inject } = await import('vitest');
  const url = inject('paymentsConnectEmulator')?.url ?? process.env[BASE_URL_VARIABLE];
  if (!url) throw new TestSetupError(`useTenant: the run has no emulator: name ${SETUP} in vitest's globalSetup`);
  const emulator = connectEmulator(url);
  const tenant = await emulator.createTenant(options);
  afterAll(() => emulator.deleteTenant(tenant.tenantId));
  return { emulator, tenant };
}

/**
 * The settings of the emulator at `url`, its `default` tenant's: what `--write-env` writes, under the URL the run
 * reaches it by (a CI service's name, say, rather than the address the emulator listens on).
 * @param {string} url
 * @param {{ env: Record<string, string>, credentials: EmulatorSettings['credentials'],
 *   accounts: EmulatorSettings['accounts'], fixtures: EmulatorSettings['fixtures'] }} emulator
 * @returns {{ env: Record<string, string>, provided: EmulatorSettings }}
 */
function settingsOf(url, { env, credentials, accounts, fixtures }) {
  const settings = { CONFORMANCE_TARGET: 'sandbox', ...env, [BASE_URL_VARIABLE]: url };
  return { env: settings, provided: { url, env: settings, credentials, accounts, fixtures } };
}
