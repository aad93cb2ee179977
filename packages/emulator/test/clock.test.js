// The emulator's clock, moved over the control API the way a test in any process moves it: tokens expire by it (and
// the typed client renews them in milliseconds, not an hour), a refreshed session lasts an hour of it, events carry it.
import { createPaymentsConnectClient } from '@payments-connect/client';
import { describe, expect, it } from 'vitest';
import { connectEmulator } from '../src/index.js';
import { useEmulator } from './support/use-emulator.js';

describe('the emulator clock', () => {
  const ctx = useEmulator();
  /** @param {unknown} body */
  const advance = (body) =>
    fetch(`${ctx.emulator.url}/_emulator/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const clock = async () => (await fetch(`${ctx.emulator.url}/_emulator/clock`)).json();

  it('says its time, and moves forward by the seconds asked, never back', async () => {
    const before = await clock();
    const moved = await (await advance({ advanceSeconds: 90 })).json();
    expect(moved.advancedSeconds).toBe(before.advancedSeconds + 90);
    expect(Date.parse(moved.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(90_000);
    for (const advanceSeconds of [-1, 'soon', Number.MAX_SAFE_INTEGER, undefined]) {
      const refused = await advance({ advanceSeconds });
      expect(refused.status, String(advanceSeconds)).toBe(400);
      expect((await refused.json()).message).toContain('advanceSeconds must be a number of seconds');
    }
    expect((await clock()).advancedSeconds).toBe(moved.advancedSeconds);
  });

  it('expires its tokens by expires_in on its time; the client renews one, the next call comes through', async () => {
    const client = createPaymentsConnectClient({
      environment: 'sandbox',
      baseUrl: ctx.emulator.url,
      ...ctx.emulator.credentials,
      accountId: ctx.emulator.accounts.primary.accountId,
      retry: false,
    });
    const token = await client.getToken();
    const lifetimeSeconds = ((token.expiresAt?.getTime() ?? 0) - Date.now()) / 1000;
    expect(lifetimeSeconds).toBeGreaterThan(60);
    ctx.emulator.clearRequests();
    expect((await advance({ advanceSeconds: Math.ceil(lifetimeSeconds) + 1 })).status).toBe(200);
    const { response } = await client.GET('/v1/rfi', {});
    expect(response.status).toBe(200);
    // The client's own clock still held the token fresh: the emulator refused it, and the client renewed it once.
    expect(ctx.emulator.requests().map((entry) => `${entry.operationId} ${entry.status}`)).toEqual([
      'listRfiCases 401',
      'createAccessToken 200',
      'listRfiCases 200',
    ]);
  });

  it('gives a refreshed hosted session one hour of its time, and events its time', async () => {
    const control = connectEmulator(ctx.emulator.url);
    const before = await control.clock();
    const { now, advancedSeconds } = await control.advanceClock(7 * 24 * 3600);
    expect(advancedSeconds).toBe(before.advancedSeconds + 7 * 24 * 3600);
    const { body } = await ctx.call(
      'PUT',
      `/v1/collections/payment-requests/${ctx.fixtures.hostedPaymentRequestId}/refresh-session`,
    );
    expect(Date.parse(body.sessionExpiresAt) - Date.parse(now)).toBeGreaterThanOrEqual(3600 * 1000);
    expect(Date.parse(body.sessionExpiresAt) - Date.parse(now)).toBeLessThan(3600 * 1000 + 60_000);
    ctx.emulator.control.createRfiCase({});
    const [event] = ctx.emulator.control.events().slice(-1);
    expect(Date.parse(event?.event.createdAt ?? '')).toBeGreaterThanOrEqual(Date.parse(now));
  });
});
