import { describe, expect, it } from 'vitest';
import { loadTargetConfig, TargetConfigError } from '../src/target-config.js';

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
