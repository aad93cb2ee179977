// @payments-connect/emulator/vitest, as vitest's globalSetup and Jest's call it: without PAYMENTS_CONNECT_BASE_URL it
// starts an emulator in this process (strict) and stops it at the end; with it, it attaches to the emulator there and
// hands on its settings; a setup that meets the other server stops the run in one line naming both. `useTenant` gives
// a test file a tenant of its own. (The README's recipe under exec: tools/release/test/readme-keep-journal.test.js.)

import { startMock } from '@payments-connect/mock';
import { setup as mockSetup } from '@payments-connect/mock/vitest';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../src/index.js';
import { setup, teardown, useTenant } from '../src/vitest-setup.js';

const VARIABLE = 'PAYMENTS_CONNECT_BASE_URL';
const outside = { ...process.env };
afterEach(() => {
  for (const name of Object.keys(process.env)) if (!(name in outside)) delete process.env[name];
  Object.assign(process.env, outside);
});

// One emulator for the file, found through the setup as a test file's worker finds it; a tenant of this file's own.
const emulator = await startEmulator();
afterAll(() => emulator.stop());
process.env[VARIABLE] = emulator.url;
const { emulator: connection, tenant } = await useTenant();

/** A stand-in for vitest's TestProject: what the setup provides. */
function project() {
  /** @type {Record<string, any>} */
  const provided = {};
  return { provided, provide: (/** @type {string} */ key, /** @type {unknown} */ value) => (provided[key] = value) };
}

describe('@payments-connect/emulator/vitest', () => {
  it('gives a test file a tenant of its own in one call, deleted after its tests', async () => {
    expect(connection.url).toBe(emulator.url);
    expect(await connection.tenant(tenant.tenantId)).toEqual(tenant);
    expect(tenant.accounts.primary.accountId).not.toBe(emulator.accounts.primary.accountId);
  });

  it('starts a strict emulator in this process when no URL is set, hands its settings on, and stops it', async () => {
    delete process.env[VARIABLE];
    const vitest = project();
    const stop = await setup(vitest);
    const { url, env, credentials, accounts, fixtures } = vitest.provided.paymentsConnectEmulator;
    expect(env).toMatchObject({ [VARIABLE]: url, CONFORMANCE_TARGET: 'sandbox' });
    expect(process.env).toMatchObject(env);
    expect(process.env.PAYMENTS_CONNECT_CLIENT_ID).toBe(credentials.clientId);
    expect(process.env.PAYMENTS_CONNECT_ACCOUNT_ID).toBe(accounts.primary.accountId);
    expect(fixtures.openRfiId).toBe(emulator.fixtures.openRfiId);
    const described = await fetch(`${url}/_emulator`).then((answer) => answer.json());
    expect(described.strict).toBe(true);
    await stop();
    expect(process.env[VARIABLE]).toBeUndefined();
    expect(process.env.PAYMENTS_CONNECT_CLIENT_ID).toBeUndefined();
    await expect(fetch(`${url}/_emulator/health`)).rejects.toThrow();
  });

  it('attaches to the emulator PAYMENTS_CONNECT_BASE_URL names, under that URL, as Jest calls it', async () => {
    const given = emulator.url.replace('127.0.0.1', 'localhost');
    process.env[VARIABLE] = given;
    const vitest = project();
    await setup(vitest);
    expect(vitest.provided.paymentsConnectEmulator).toMatchObject({
      url: given,
      credentials: emulator.credentials,
      env: { ...emulator.env, [VARIABLE]: given, CONFORMANCE_TARGET: 'sandbox' },
    });
    await teardown();
    expect((await fetch(`${emulator.url}/_emulator/health`)).status).toBe(200);
  });

  it('stops the run in one line naming both when the server is the other one', async () => {
    process.env[VARIABLE] = emulator.url;
    await expect(mockSetup()).rejects.toThrow(
      `@payments-connect/mock/vitest: PAYMENTS_CONNECT_BASE_URL is ${emulator.url}, a Payments Connect emulator, ` +
        'not a mock: run the tests under payments-connect-emulator exec with @payments-connect/emulator/vitest in ' +
        'globalSetup, or under payments-connect-mock exec',
    );
    const mock = await startMock();
    try {
      process.env[VARIABLE] = mock.url;
      const refused = /** @type {Error} */ (
        await setup().then(
          () => undefined,
          (error) => error,
        )
      );
      expect(refused.message).toBe(
        `@payments-connect/emulator/vitest: PAYMENTS_CONNECT_BASE_URL is ${mock.url}, a Payments Connect mock, not ` +
          'an emulator: run the tests under payments-connect-mock exec with @payments-connect/mock/vitest in ' +
          'globalSetup, or under payments-connect-emulator exec',
      );
      expect(refused.stack).toBe(`TestSetupError: ${refused.message}`);
    } finally {
      await mock.stop();
    }
  });

  it('stops the run in one line when the server there is none of the contract', async () => {
    process.env[VARIABLE] = `${emulator.url}/v1`;
    await expect(setup()).rejects.toThrow(
      `PAYMENTS_CONNECT_BASE_URL is ${emulator.url}/v1, which is no Payments Connect emulator ` +
        '(GET /_emulator/health answered 404): run the tests under payments-connect-emulator exec, or unset ' +
        'PAYMENTS_CONNECT_BASE_URL to start an emulator in the test run',
    );
  });
});
