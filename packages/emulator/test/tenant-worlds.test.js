// Issue 32: a tenant is a world of its own. Its clock, its snapshots, its webhook URL, its events and its part of the
// journal are its own: what one test file does in its tenant reaches no other tenant, whatever it does.
import { describe, expect, it } from 'vitest';
import { connectEmulator } from '../src/index.js';
import { callAsTenant } from './support/call-as-tenant.js';
import { useEmulator } from './support/use-emulator.js';
import { startWebhookReceiver } from './support/webhook-receiver.js';

/** @typedef {import('../src/index.js').Tenant} Tenant */

describe('tenant worlds', () => {
  const ctx = useEmulator({ tokenTtlSeconds: 60 });
  const control = () => connectEmulator(ctx.emulator.url);
  /** @param {Tenant} tenant @param {string} [path] */
  const readAs = async (tenant, path = `/v1/rfi/${tenant.fixtures.openRfiId}`) =>
    (await callAsTenant(ctx.emulator.url, tenant)('GET', path)).status;

  it("moves one tenant's clock past the token lifetime and leaves the other's token valid", async () => {
    const emulator = control();
    const [a, b] = [await emulator.createTenant(), await emulator.createTenant()];
    const [asA, asB] = [callAsTenant(ctx.emulator.url, a), callAsTenant(ctx.emulator.url, b)];
    const read = async (/** @type {typeof asA} */ as, /** @type {Tenant} */ tenant) =>
      (await as('GET', `/v1/rfi/${tenant.fixtures.openRfiId}`)).status;
    expect([await read(asA, a), await read(asB, b)]).toEqual([200, 200]);
    const moved = await emulator.advanceTenantClock(a.tenantId, 61);
    expect(moved.advancedSeconds).toBe(61);
    expect([await read(asA, a), await read(asB, b)]).toEqual([401, 200]);
    expect((await emulator.tenantClock(b.tenantId)).advancedSeconds).toBe(0);
    expect((await emulator.clock()).advancedSeconds).toBe(0);
    // The emulator's clock moves every tenant's.
    await emulator.advanceClock(61);
    expect(await read(asB, b)).toBe(401);
    expect((await emulator.tenantClock(a.tenantId)).advancedSeconds).toBe(122);
    expect((await emulator.advanceTenantClock(a.tenantId, -1).catch((error) => error)).status).toBe(400);
  });

  it("restores one tenant's snapshot and leaves the others' records, faults and existence as they were", async () => {
    const emulator = control();
    const [a, b] = [await emulator.createTenant(), await emulator.createTenant()];
    const snapshot = await emulator.tenantState(a.tenantId);
    expect(snapshot.tenants.map((tenant) => tenant.tenantId)).toEqual([a.tenantId]);
    for (const tenant of [a, b]) {
      await emulator.closeRfiCase(tenant.fixtures.openRfiId);
      const scope = { operationId: 'listWebhooks', status: 500, accountId: tenant.accounts.primary.accountId };
      await emulator.injectFault(scope);
    }
    const c = await emulator.createTenant();
    expect(await emulator.restoreTenantState(a.tenantId, snapshot)).toEqual({
      restored: true,
      header: snapshot.header,
    });

    const statusOf = async (/** @type {Tenant} */ tenant) =>
      (await callAsTenant(ctx.emulator.url, tenant)('GET', `/v1/rfi/${tenant.fixtures.openRfiId}`)).body.status;
    expect([await statusOf(a), await statusOf(b)]).toEqual(['OPEN', 'CLOSED']);
    expect(await emulator.faults({ tenantId: a.tenantId })).toEqual([]);
    expect(await emulator.faults({ tenantId: b.tenantId })).toHaveLength(1);
    expect((await emulator.tenant(c.tenantId)).tenantId).toBe(c.tenantId);
    expect(await readAs(c)).toBe(200);
    const whole = await emulator.state();
    expect(whole.tenants.map((tenant) => tenant.tenantId)).toEqual(['default', a.tenantId, b.tenantId, c.tenantId]);
  });

  it('puts a deleted tenant back from its snapshot, and refuses a snapshot of another tenant or of all', async () => {
    const emulator = control();
    const [a, b] = [await emulator.createTenant(), await emulator.createTenant()];
    const [ofA, ofB] = [await emulator.tenantState(a.tenantId), await emulator.tenantState(b.tenantId)];
    await emulator.deleteTenant(a.tenantId);
    expect(await readAs(a)).toBe(401);
    await emulator.restoreTenantState(a.tenantId, ofA);
    expect(await emulator.tenant(a.tenantId)).toEqual(a);
    expect(await readAs(a)).toBe(200);
    for (const snapshot of [ofB, await emulator.state()]) {
      const refused = await emulator.restoreTenantState(a.tenantId, snapshot).catch((error) => error);
      expect(refused).toMatchObject({ status: 400, details: { at: 'tenants' } });
      expect(refused.details.problem).toContain(`must hold the tenant ${a.tenantId} alone`);
    }
  });

  it("sends each tenant's events to its own webhook URL, and to another once it is changed", async () => {
    const [first, second] = [await startWebhookReceiver(), await startWebhookReceiver()];
    try {
      const emulator = control();
      const a = await emulator.createTenant({ webhookUrl: first.url });
      const b = await emulator.createTenant({ webhookUrl: second.url });
      await emulator.createRfiCase({ accountId: a.accounts.primary.accountId });
      await emulator.createRfiCase({ accountId: b.accounts.primary.accountId });
      await emulator.settleEvents();
      const accountsOf = (/** @type {typeof first} */ receiver) => receiver.received.map(({ body }) => body.accountId);
      expect(accountsOf(first)).toEqual([a.accounts.primary.accountId]);
      expect(accountsOf(second)).toEqual([b.accounts.primary.accountId]);
      const webhooks = await callAsTenant(ctx.emulator.url, a)('GET', '/v1/webhooks');
      expect(webhooks.body.items.map((/** @type {any} */ item) => item.url)).toEqual([first.url]);

      expect(await emulator.setTenantWebhookUrl(a.tenantId, second.url)).toEqual({
        tenantId: a.tenantId,
        webhookUrl: second.url,
      });
      await emulator.createRfiCase({ accountId: a.accounts.other.accountId });
      await emulator.settleEvents();
      expect(accountsOf(second)).toEqual([b.accounts.primary.accountId, a.accounts.other.accountId]);
      expect(await emulator.setTenantWebhookUrl(a.tenantId, null)).toEqual({ tenantId: a.tenantId, webhookUrl: null });
      expect((await emulator.setTenantWebhookUrl(a.tenantId, 'ftp://x').catch((error) => error)).status).toBe(400);
      expect((await emulator.createTenant({ webhookUrl: 'not a url' }).catch((error) => error)).status).toBe(400);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it("lists a tenant's requests, its token requests included, and none of another tenant's", async () => {
    const emulator = control();
    const [a, b] = [await emulator.createTenant(), await emulator.createTenant()];
    await emulator.clearRequests();
    await readAs(a);
    await readAs(b);
    const ofA = await emulator.requests({ tenantId: a.tenantId });
    expect(ofA.map((entry) => entry.operationId)).toEqual(['createAccessToken', 'getRfiCase']);
    expect(JSON.parse(ofA[0]?.requestBody ?? '{}').clientId).toBe(a.credentials.clientId);
    expect(ofA[1]?.accountId).toBe(a.accounts.primary.accountId);
    const ofB = await emulator.requests({ tenantId: b.tenantId });
    expect(ofB.map((entry) => entry.operationId)).toEqual(['createAccessToken', 'getRfiCase']);
    expect(ofB.some((entry) => ofA.some((mine) => mine.id === entry.id))).toBe(false);
    expect((await emulator.requests({ tenantId: 'no-such-tenant' }).catch((error) => error)).status).toBe(400);
  });

  it('deletes a tenant whole: no token, event, fault or journal entry of it left; another keeps its own', async () => {
    const emulator = control();
    const [gone, kept] = [await emulator.createTenant(), await emulator.createTenant()];
    /** What the emulator holds of a tenant: its tokens, events, faults and requests. */
    const heldOf = async (/** @type {Tenant} */ tenant) => {
      const accountIds = Object.values(tenant.accounts).map((account) => account.accountId);
      const state = await emulator.state();
      const requests = await emulator.requests();
      return {
        tokens: state.tokens.filter((token) => token.tenantId === tenant.tenantId).length,
        events: (await emulator.events()).filter(({ event }) => accountIds.includes(event.accountId)).length,
        faults: (await emulator.faults()).filter((fault) => accountIds.includes(String(fault.accountId))).length,
        requests: requests.filter(
          (entry) =>
            accountIds.includes(String(entry.accountId)) || entry.requestBody?.includes(tenant.credentials.clientId),
        ).length,
      };
    };
    const asGone = callAsTenant(ctx.emulator.url, gone);
    for (const [tenant, as] of /** @type {const} */ ([
      [gone, asGone],
      [kept, callAsTenant(ctx.emulator.url, kept)],
    ])) {
      expect((await as('GET', '/v1/rfi')).status).toBe(200);
      await emulator.createRfiCase({ accountId: tenant.accounts.primary.accountId });
      await emulator.injectFault({ operationId: 'getUser', status: 500, accountId: tenant.accounts.other.accountId });
    }
    expect((await asGone('GET', '/v1/webhooks')).status).toBe(200); // its token, taken before
    const before = { tokens: 1, events: 1, faults: 1, requests: 3 };
    expect([await heldOf(gone), await heldOf(kept)]).toEqual([before, { ...before, requests: 2 }]);

    await emulator.deleteTenant(gone.tenantId);
    expect(await heldOf(gone)).toEqual({ tokens: 0, events: 0, faults: 0, requests: 0 });
    expect(await heldOf(kept)).toEqual({ ...before, requests: 2 });
    // Its token is gone with it: it reaches no account, another tenant's neither.
    const withItsToken = await asGone('GET', `/v1/rfi/${kept.fixtures.openRfiId}`);
    expect(withItsToken.status).toBe(401);
    const refused = await emulator.tenant(gone.tenantId).catch((error) => error);
    expect(refused.status).toBe(404);
    expect(refused.message).toContain(`tenant ${gone.tenantId} not found: it was deleted (DELETE /_emulator/tenants/`);
  });

  it('says a tenant a restore dropped was dropped by the restore, and one never made is no tenant', async () => {
    const emulator = control();
    const before = await emulator.state();
    const dropped = await emulator.createTenant();
    await emulator.restoreState(before);
    const refused = await emulator.tenant(dropped.tenantId).catch((error) => error);
    expect(refused.status).toBe(404);
    expect(refused.message).toContain(
      `tenant ${dropped.tenantId} not found: it was dropped by PUT /_emulator/state: the snapshot restored does not ` +
        'hold it',
    );
    const never = await emulator.tenant('7f000000-0000-4000-8000-000000000001').catch((error) => error);
    expect(never.message).toContain('not found: it is no tenant of this emulator');
  });

  it("keeps the tenant's live tokens through a restore of its snapshot, unless asked to end them", async () => {
    const emulator = control();
    const tenant = await emulator.createTenant();
    const snapshot = await emulator.tenantState(tenant.tenantId); // before the service took its token
    const call = callAsTenant(ctx.emulator.url, tenant);
    const openCase = `/v1/rfi/${tenant.fixtures.openRfiId}`;
    expect((await call('GET', openCase)).status).toBe(200);
    await emulator.restoreTenantState(tenant.tenantId, snapshot);
    expect((await call('GET', openCase)).status).toBe(200); // no 401, no renewal
    await emulator.restoreTenantState(tenant.tenantId, snapshot, { keepLiveTokens: false });
    expect((await call('GET', openCase)).status).toBe(401); // the snapshot's tokens alone: it held none
    const bad = await fetch(`${ctx.emulator.url}/_emulator/tenants/${tenant.tenantId}/state?keepLiveTokens=no`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(snapshot),
    });
    expect([bad.status, (await bad.json()).message]).toEqual([400, 'keepLiveTokens must be true or false, got "no"']);
  });

  it("gives a tenant's next event to a test that waits, without a receiver, one recorded before included", async () => {
    const emulator = control();
    const [a, b] = [await emulator.createTenant(), await emulator.createTenant()];
    const created = await emulator.createRfiCase({ accountId: a.accounts.primary.accountId });
    // Emitted before the call: taken all the same.
    expect(await emulator.nextEvent(a.tenantId)).toMatchObject({
      type: 'v1.rfi.case.created',
      data: { rfiId: created.rfiId },
    });
    const waiting = emulator.nextEvent(a.tenantId, { type: 'v1.rfi.case.answered', timeoutMs: 20_000 });
    await emulator.createRfiCase({ accountId: b.accounts.primary.accountId });
    const answer = { answer: 'From a waiting test' };
    const path = `/v1/rfi/${a.fixtures.openRfiId}/questions/${a.fixtures.openQuestionId}/answer`;
    const answered = await ctx.call('PUT', path, { accountId: a.accounts.primary.accountId, json: answer });
    expect(answered.status).toBe(200);
    expect(await waiting).toMatchObject({ type: 'v1.rfi.case.answered', accountId: a.accounts.primary.accountId });
    const none = await emulator.nextEvent(a.tenantId, { timeoutMs: 50 }).catch((error) => error);
    expect(none).toMatchObject({ status: 408 });
    expect(none.message).toContain(`no event of tenant ${a.tenantId} came within 50 ms`);
    expect(await emulator.events({ tenantId: b.tenantId })).toHaveLength(1);
  });
});
