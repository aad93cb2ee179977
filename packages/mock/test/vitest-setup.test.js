// @payments-connect/mock/vitest, as vitest's globalSetup and Jest's call it: without PAYMENTS_CONNECT_BASE_URL it
// starts a mock in this process and stops it at the end; with it, it attaches to the mock there (the one exec
// journals) and starts none. (The README's recipe under exec: tools/release/test/readme-keep-journal.test.js; a setup
// that meets an emulator: the emulator's test/vitest-setup.test.js.)
import { afterEach, describe, expect, it } from 'vitest';
import { startMock } from '../src/index.js';
import { setup, teardown, useMock } from '../src/vitest-setup.js';

const VARIABLE = 'PAYMENTS_CONNECT_BASE_URL';
const outside = process.env[VARIABLE];
afterEach(() => {
  if (outside === undefined) delete process.env[VARIABLE];
  else process.env[VARIABLE] = outside;
});

/** A stand-in for vitest's TestProject: what the setup provides. */
function project() {
  /** @type {Record<string, unknown>} */
  const provided = {};
  return { provided, provide: (/** @type {string} */ key, /** @type {unknown} */ value) => (provided[key] = value) };
}

describe('@payments-connect/mock/vitest', () => {
  it('starts a mock in this process when no URL is set, hands it on, and stops it at the end', async () => {
    delete process.env[VARIABLE];
    const vitest = project();
    const stop = await setup(vitest);
    const url = process.env[VARIABLE] ?? '';
    expect(vitest.provided).toEqual({ paymentsConnectMock: { url, env: { [VARIABLE]: url } } });
    expect((await fetch(`${url}/_mock/health`)).status).toBe(200);
    await stop();
    expect(process.env[VARIABLE]).toBeUndefined();
    await expect(fetch(`${url}/_mock/health`)).rejects.toThrow();
  });

  it('attaches to the mock PAYMENTS_CONNECT_BASE_URL names, starting none, as Jest calls it', async () => {
    const mock = await startMock();
    try {
      process.env[VARIABLE] = `${mock.url}/`;
      await setup(); // Jest's globalSetup, with a config that provides nothing
      expect(process.env[VARIABLE]).toBe(mock.url);
      const connection = await useMock();
      expect(connection.url).toBe(mock.url);
      await connection.clearRequests();
      await fetch(`${mock.url}/v1/rfi`, { headers: { authorization: 'Bearer t', accountid: 'a' } });
      expect((await connection.requests()).map((entry) => entry.operationId)).toEqual(['listRfiCases']);
      await teardown(); // Jest's globalTeardown: the mock it attached to keeps serving
      expect((await fetch(`${mock.url}/_mock/health`)).status).toBe(200);
    } finally {
      await mock.stop();
    }
  });

  it('stops the run in one line when the URL is no URL, or nothing answers there', async () => {
    process.env[VARIABLE] = 'localhost:4010';
    await expect(setup()).rejects.toThrow(
      "@payments-connect/mock/vitest: PAYMENTS_CONNECT_BASE_URL must be an http(s) URL, got 'localhost:4010'",
    );
    const gone = await startMock();
    await gone.stop();
    process.env[VARIABLE] = gone.url;
    const refused = /** @type {Error} */ (
      await setup().then(
        () => undefined,
        (error) => error,
      )
    );
    expect(refused).toMatchObject({ name: 'TestSetupError' });
    expect(refused.stack).toBe(`TestSetupError: ${refused.message}`);
    expect(refused.message).toMatch(
      new RegExp(
        `^@payments-connect/mock/vitest: PAYMENTS_CONNECT_BASE_URL is ${gone.url}, ` +
          'where nothing answers \\(connection refused',
      ),
    );
  });
});
