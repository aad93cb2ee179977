import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTargetConfig, REQUIRED_SANDBOX_SETTINGS, TargetConfigError } from '../src/target-config.js';

const BIN = fileURLToPath(new URL('../bin/payments-connect-conformance.js', import.meta.url));
const complete = {
  CONFORMANCE_TARGET: 'sandbox',
  PAYMENTS_CONNECT_BASE_URL: 'http://127.0.0.1:4321/',
  PAYMENTS_CONNECT_CLIENT_ID: 'client',
  PAYMENTS_CONNECT_CLIENT_SECRET: 'secret',
  PAYMENTS_CONNECT_ACCOUNT_ID: 'account',
};

describe('loadTargetConfig', () => {
  it('defaults to the mock, which needs no settings', () => {
    expect(loadTargetConfig({})).toEqual({ kind: 'mock' });
  });

  it('reads a complete sandbox configuration and its fixtures', () => {
    const config = loadTargetConfig({
      ...complete,
      PAYMENTS_CONNECT_CLOSED_RFI_ID: 'closed-id',
      PAYMENTS_CONNECT_PAYER_ID: ' ',
    });
    expect(config).toEqual({
      kind: 'sandbox',
      baseUrl: 'http://127.0.0.1:4321',
      clientId: 'client',
      clientSecret: 'secret',
      accountId: 'account',
      fixtures: { closedRfiId: 'closed-id' },
    });
  });

  it('names every missing required setting in one error', () => {
    const error = (() => {
      try {
        loadTargetConfig({ CONFORMANCE_TARGET: 'sandbox', PAYMENTS_CONNECT_CLIENT_ID: 'client' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(TargetConfigError);
    if (!(error instanceof TargetConfigError)) return;
    for (const name of ['PAYMENTS_CONNECT_BASE_URL', 'PAYMENTS_CONNECT_CLIENT_SECRET', 'PAYMENTS_CONNECT_ACCOUNT_ID']) {
      expect(error.message).toContain(name);
    }
    expect(error.message).not.toContain('PAYMENTS_CONNECT_CLIENT_ID ');
    expect(error.message).toContain('3 setting(s)');
  });

  it('refuses a base URL that is not a URL, and an unknown target', () => {
    expect(() => loadTargetConfig({ ...complete, PAYMENTS_CONNECT_BASE_URL: 'localhost:4321' })).toThrow(
      'not an http(s) URL',
    );
    expect(() => loadTargetConfig({ CONFORMANCE_TARGET: 'production' })).toThrow(
      'CONFORMANCE_TARGET must be one of mock, sandbox',
    );
  });
});

describe('the suite (payments-connect-conformance) in sandbox mode without its settings', () => {
  it('stops before any test with one error naming each missing setting', async () => {
    /** @type {NodeJS.ProcessEnv} */
    const env = {
      ...process.env,
      CONFORMANCE_TARGET: 'sandbox',
      CONFORMANCE_REPORTS_DIR: fileURLToPath(new URL('../reports/.nested-run/', import.meta.url)),
    };
    for (const name of Object.keys(REQUIRED_SANDBOX_SETTINGS)) delete env[name];
    // A fresh run, not this worker's.
    for (const name of Object.keys(env)) if (name.startsWith('VITEST')) delete env[name];
    const { code, output } = await new Promise((resolve) => {
      const child = spawn(process.execPath, [BIN, '--project', 'conformance', 'suite/happy-paths.test.js'], { env });
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.stderr.on('data', (chunk) => (text += chunk));
      child.on('exit', (exitCode) => resolve({ code: exitCode, output: text }));
    });
    expect(code).not.toBe(0);
    expect(output).toContain('CONFORMANCE_TARGET=sandbox cannot start, 4 setting(s) to fix');
    for (const name of Object.keys(REQUIRED_SANDBOX_SETTINGS)) expect(output).toContain(name);
    expect(output).not.toMatch(/Tests\s+\d+ failed/);
  });
});
