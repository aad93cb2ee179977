import { loadContract } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { bodyOf, operationRequests } from './support/operation-requests.js';
import { useEmulator } from './support/use-emulator.js';

const protectedOperations = loadContract()
  .operations.filter((op) => op.operationId !== 'createAccessToken')
  .map((op) => [op.operationId]);

describe('POST /auth/token', () => {
  const ctx = useEmulator({ tokenTtlSeconds: 120 });

  it('exchanges the configured credentials for a Bearer token with the configured lifetime', async () => {
    const { status, body } = await ctx.call('POST', '/auth/token', {
      token: null,
      accountId: null,
      json: ctx.emulator.credentials,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ access_token: expect.any(String), expires_in: 120, token_type: 'Bearer' });
    const use = await ctx.call('GET', '/v1/rfi', { token: body.access_token });
    expect(use.status).toBe(200);
  });

  it('issues a different token on each exchange', async () => {
    const first = await ctx.freshToken();
    const second = await ctx.freshToken();
    expect(first).not.toBe(second);
  });

  it('answers 401 for an unknown client or a wrong secret', async () => {
    const { clientId } = ctx.emulator.credentials;
    for (const json of [
      { clientId, clientSecret: 'wrong' },
      { clientId: 'someone-else', clientSecret: 'x' },
    ]) {
      const { status, body } = await ctx.call('POST', '/auth/token', { token: null, accountId: null, json });
      expect(status).toBe(401);
      expect(body.code).toBe('UNAUTHORIZED');
    }
  });

  it('answers 400 VALIDATION_FAILED for a missing field or a body that is not JSON', async () => {
    const missing = await ctx.call('POST', '/auth/token', { token: null, accountId: null, json: { clientId: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining('clientSecret') });
    const garbled = await ctx.call('POST', '/auth/token', {
      token: null,
      body: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(garbled.status).toBe(400);
  });

  it('answers 415 for a form-encoded body', async () => {
    const { status, body } = await ctx.call('POST', '/auth/token', {
      token: null,
      body: 'clientId=a&clientSecret=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(status).toBe(415);
    expect(body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('takes no bearer token and no AccountId, and ignores a stale bearer', async () => {
    const { status } = await ctx.call('POST', '/auth/token', {
      token: ctx.fixtures.expiredToken,
      accountId: null,
      json: ctx.emulator.credentials,
    });
    expect(status).toBe(200);
  });

  it('answers 405 for GET', async () => {
    const { status, headers } = await ctx.call('GET', '/auth/token', { token: null });
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('POST');
  });
});

describe('the bearer token on every other operation', () => {
  const ctx = useEmulator();
  /** @param {string} operationId @param {string | null} token @param {Record<string, string>} [headers] */
  const callWith = (operationId, token, headers) => {
    const request = operationRequests(ctx.fixtures, ctx.emulator.credentials)[operationId];
    return ctx.call(request.method, request.path, { ...bodyOf(request), token, headers });
  };

  it.each(protectedOperations)(
    '%s answers 401 without a token, with an unknown one and with an expired one',
    async (operationId) => {
      const answers = [
        await callWith(operationId, null),
        await callWith(operationId, 'not-a-token-we-issued'),
        await callWith(operationId, ctx.fixtures.expiredToken),
        await callWith(operationId, null, { authorization: 'Basic dXNlcjpwYXNz' }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(401);
        expect(answer.body).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) });
        expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
      }
    },
  );

  it('says which of missing, unknown and expired it was', async () => {
    expect((await callWith('listRfiCases', null)).body.message).toMatch(/required/);
    expect((await callWith('listRfiCases', 'nope')).body.message).toMatch(/not recognised/);
    expect((await callWith('listRfiCases', ctx.fixtures.expiredToken)).body.message).toMatch(/expired/);
  });

  it('accepts the scheme name in any case', async () => {
    const token = await ctx.freshToken();
    const { status } = await ctx.call('GET', '/v1/rfi', { token: null, headers: { authorization: `bearer ${token}` } });
    expect(status).toBe(200);
  });
});

describe('token expiry', () => {
  let clock = Date.parse('2025-01-01T00:00:00Z');
  const ctx = useEmulator({ tokenTtlSeconds: 60, now: () => clock });

  it('refuses a token once its lifetime has passed, and a new token works', async () => {
    const token = await ctx.freshToken();
    clock += 59_000;
    expect((await ctx.call('GET', '/v1/rfi', { token })).status).toBe(200);
    clock += 1_000;
    const expired = await ctx.call('GET', '/v1/rfi', { token });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/expired/);
    expect((await ctx.call('GET', '/v1/rfi', { token: await ctx.freshToken() })).status).toBe(200);
  });

  it('control.expireTokens ends one token early, or all of them', async () => {
    const [a, b] = [await ctx.freshToken(), await ctx.freshToken()];
    expect(ctx.emulator.control.expireTokens(a)).toEqual({ expired: 1 });
    expect((await ctx.call('GET', '/v1/rfi', { token: a })).status).toBe(401);
    expect((await ctx.call('GET', '/v1/rfi', { token: b })).status).toBe(200);
    expect(ctx.emulator.control.expireTokens().expired).toBeGreaterThanOrEqual(1);
    expect((await ctx.call('GET', '/v1/rfi', { token: b })).status).toBe(401);
  });
});
