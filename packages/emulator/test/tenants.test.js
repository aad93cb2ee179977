// Issue 25: tenants, for test files that run at the same time against one emulator. A tenant is the seed again under
// fresh ids, with credentials of its own; nothing done in one reaches another; resets are per tenant, and the global
// reset keeps only the start-up tenant.
import { describe, expect, it } from 'vitest';
import { DEFAULT_TENANT_ID } from '../src/index.js';
import { callAsTenant } from './support/call-as-tenant.js';
import { useEmulator } from './support/use-emulator.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** @typedef {import('../src/index.js').Tenant} Tenant */

describe('tenants', () => {
  const ctx = useEmulator();

  const { control } = ctx;

  /** @returns {Promise<Tenant>} */
  async function createTenant() {
    const { status, body } = await control('POST', '/tenants');
    expect(status).toBe(201);
    return body;
  }

  /** The start-up tenant, as a tenant is described. */
  const startUp = () => /** @type {Tenant} */ (ctx.emulator.control.tenant(DEFAULT_TENANT_ID));

  it('POST /_emulator/tenants loads the seed under fresh ids, shaped as the start-up accounts, fixtures', async () => {
    const tenant = await createTenant();
    const { accounts, fixtures, credentials, env } = startUp();
    expect(Object.keys(tenant)).toEqual(['tenantId', 'accounts', 'fixtures', 'credentials', 'env']);
    expect(tenant.tenantId).toMatch(UUID);
    expect(Object.keys(tenant.accounts)).toEqual(Object.keys(accounts));
    for (const [role, account] of Object.entries(tenant.accounts)) {
      const { accountId, ...rest } = accounts[/** @type {keyof typeof accounts} */ (role)];
      expect(account).toEqual({ accountId: expect.stringMatching(UUID), ...rest });
      expect(account.accountId).not.toBe(accountId);
    }
    expect(Object.keys(tenant.fixtures)).toEqual(Object.keys(fixtures));
    const { expiredToken, ...ids } = tenant.fixtures;
    expect(expiredToken).toBe(fixtures.expiredToken);
    for (const id of Object.values(ids)) expect(id).toMatch(UUID);
    expect(new Set(Object.values(ids)).size).toBe(Object.keys(ids).length);
    expect(Object.values(ids).filter((id) => Object.values(fixtures).includes(id))).toEqual([]);
    expect(tenant.credentials).not.toEqual(credentials);
    expect(Object.keys(tenant.env)).toEqual(Object.keys(env));
    expect(tenant.env).toMatchObject({
      PAYMENTS_CONNECT_BASE_URL: ctx.emulator.url,
      PAYMENTS_CONNECT_CLIENT_ID: tenant.credentials.clientId,
      PAYMENTS_CONNECT_CLIENT_SECRET: tenant.credentials.clientSecret,
      PAYMENTS_CONNECT_ACCOUNT_ID: tenant.accounts.primary.accountId,
      PAYMENTS_CONNECT_OPEN_RFI_ID: tenant.fixtures.openRfiId,
      PAYMENTS_CONNECT_EXPIRED_TOKEN: fixtures.expiredToken,
    });
    expect(await control('GET', `/tenants/${tenant.tenantId}`)).toEqual({ status: 200, body: tenant });
    expect((await control('GET', `/tenants/${DEFAULT_TENANT_ID}`)).body).toMatchObject({ accounts, fixtures, env });
  });

  it('holds every record of the seed, the same but for the ids: each read answers alike in both', async () => {
    const tenant = await createTenant();
    const startUpTenant = startUp();
    /** @type {Array<[keyof Tenant['accounts'], string, (f: Tenant['fixtures']) => string]>} */
    const reads = [
      ['primary', 'GET', () => '/v1/rfi?includeTerminal=true'],
      ['other', 'GET', () => '/v1/rfi?includeTerminal=true'],
      ['primary', 'GET', (f) => `/v1/rfi/${f.openRfiId}`],
      ['primary', 'GET', (f) => `/v1/rfi/${f.closedRfiId}`],
      ['primary', 'GET', (f) => `/v1/rfi/${f.cancelledRfiId}`],
      ['other', 'GET', (f) => `/v1/rfi/${f.otherAccountRfiId}`],
      ['primary', 'PUT', (f) => `/v1/collections/payment-requests/${f.hostedPaymentRequestId}/refresh-session`],
      ['primary', 'PUT', (f) => `/v1/collections/payment-requests/${f.hostedPartPaidPaymentRequestId}/refresh-session`],
      ['primary', 'PUT', (f) => `/v1/collections/payment-requests/${f.paidPaymentRequestId}/refresh-session`],
      ['primary', 'PUT', (f) => `/v1/collections/payment-requests/${f.nonHostedPaymentRequestId}/refresh-session`],
      ['other', 'PUT', (f) => `/v1/collections/payment-requests/${f.otherAccountPaymentRequestId}/refresh-session`],
      ['primary', 'GET', (f) => `/v1/collections/payers/${f.payerId}`],
      ['other', 'GET', (f) => `/v1/collections/payers/${f.otherAccountPayerId}`],
      ['primary', 'GET', (f) => `/v1/beneficiaries/${f.beneficiaryId}`],
      ['other', 'GET', (f) => `/v1/beneficiaries/${f.otherAccountBeneficiaryId}`],
      ['primary', 'GET', (f) => `/v1/account/users/${f.userId}`],
      ['primary', 'GET', (f) => `/v1/account/users/${f.secondUserId}`],
      ['other', 'GET', (f) => `/v1/account/users/${f.otherAccountUserId}`],
      ['individual', 'GET', (f) => `/v1/account/users/${f.individualUserId}`],
      ['primary', 'GET', (f) => `/v1/account/related-party/persons/${f.personId}`],
      ['other', 'GET', (f) => `/v1/account/related-party/persons/${f.otherAccountPersonId}`],
      ['primary', 'GET', (f) => `/v1/account/related-party/corporates/${f.corporateId}`],
      ['other', 'GET', (f) => `/v1/account/related-party/corporates/${f.otherAccountCorporateId}`],
      ['primary', 'GET', () => '/v1/account/business-profile'],
      ['other', 'GET', () => '/v1/account/business-profile'],
      ['individual', 'GET', () => '/v1/account/business-profile'],
    ];
    /** Every start-up id, and the tenant's that stands for it. */
    const idPairs = [
      ...Object.entries(startUpTenant.accounts).map(([role, account]) => [
        account.accountId,
        tenant.accounts[/** @type {keyof Tenant['accounts']} */ (role)].accountId,
      ]),
      ...Object.entries(startUpTenant.fixtures).map(([name, id]) => [
        id,
        tenant.fixtures[/** @type {keyof Tenant['fixtures']} */ (name)],
      ]),
    ];
    /** @param {string} text */
    const asTenant = (text) => idPairs.reduce((mapped, [from = '', to = '']) => mapped.replaceAll(from, to), text);
    // A refreshed session is new each time: its token and expiry are compared by form only.
    const comparable = (/** @type {any} */ body) =>
      JSON.stringify(body, (key, value) =>
        key === 'sessionToken' || key === 'sessionExpiresAt' ? typeof value : value,
      );
    let seen = '';
    for (const [role, method, path] of reads) {
      const inStartUp = await ctx.call(method, path(startUpTenant.fixtures), {
        accountId: startUpTenant.accounts[role].accountId,
      });
      const inTenant = await ctx.call(method, path(tenant.fixtures), { accountId: tenant.accounts[role].accountId });
      expect(inTenant.status, `${method} ${path(tenant.fixtures)}`).toBe(inStartUp.status);
      expect(comparable(inTenant.body), `${method} ${path(tenant.fixtures)}`).toBe(
        asTenant(comparable(inStartUp.body)),
      );
      seen += JSON.stringify(inTenant.body);
    }
    const { expiredToken: _, ...ids } = tenant.fixtures;
    expect(Object.entries(ids).filter(([, id]) => !seen.includes(id))).toEqual([]);
  });

  it("keeps tenants apart: another tenant's records are 404, and a write changes its own tenant only", async () => {
    const [a, b] = [await createTenant(), await createTenant()];
    const asA = callAsTenant(ctx.emulator.url, a);
    expect((await asA('GET', `/v1/rfi/${ctx.fixtures.openRfiId}`)).status).toBe(404);
    expect((await asA('GET', `/v1/rfi/${b.fixtures.openRfiId}`)).status).toBe(404);
    expect((await ctx.call('GET', `/v1/rfi/${a.fixtures.openRfiId}`)).status).toBe(404);
    const listed = (await asA('GET', '/v1/rfi?includeTerminal=true')).body.items.map((/** @type {any} */ c) => c.rfiId);
    expect(listed.sort()).toEqual([a.fixtures.openRfiId, a.fixtures.closedRfiId, a.fixtures.cancelledRfiId].sort());

    const answer = await ctx.call(
      'PUT',
      `/v1/rfi/${a.fixtures.openRfiId}/questions/${a.fixtures.openQuestionId}/answer`,
      {
        accountId: a.accounts.primary.accountId,
        json: { answer: 'Only in tenant A' },
      },
    );
    expect(answer.status).toBe(200);
    const questionOf = async (/** @type {Tenant} */ tenant) =>
      (await callAsTenant(ctx.emulator.url, tenant)('GET', `/v1/rfi/${tenant.fixtures.openRfiId}`)).body.questions[0];
    expect((await questionOf(a)).answer).toBe('Only in tenant A');
    expect((await questionOf(b)).answer).toBeUndefined();
    expect((await ctx.call('GET', `/v1/rfi/${ctx.fixtures.openRfiId}`)).body.questions[0].answer).toBeUndefined();
  });

  it("takes each tenant's credentials; any token reaches any account; a tenant's tokens expire alone", async () => {
    const [a, b] = [await createTenant(), await createTenant()];
    const tokenFor = async (/** @type {{ clientId: string, clientSecret: string }} */ credentials) =>
      (await ctx.call('POST', '/auth/token', { token: null, accountId: null, json: credentials })).body.access_token;
    const [tokenA, tokenB, tokenStartUp] = [
      await tokenFor(a.credentials),
      await tokenFor(b.credentials),
      await tokenFor(ctx.emulator.credentials),
    ];
    const read = (/** @type {string} */ token, /** @type {Tenant} */ tenant) =>
      ctx.call('GET', `/v1/rfi/${tenant.fixtures.openRfiId}`, { token, accountId: tenant.accounts.primary.accountId });
    expect([(await read(tokenStartUp, a)).status, (await read(tokenA, b)).status]).toEqual([200, 200]);

    expect(await control('POST', '/tokens/expire', { tenantId: a.tenantId })).toEqual({
      status: 200,
      body: { expired: 1 },
    });
    expect((await read(tokenA, a)).status).toBe(401);
    expect([(await read(tokenB, b)).status, (await read(tokenStartUp, b)).status]).toEqual([200, 200]);
    expect((await control('POST', '/tokens/expire', { tenantId: 'no-such-tenant' })).status).toBe(404);
    expect((await control('POST', '/tokens/expire', { tenantId: 7 })).status).toBe(400);
  });

  it('resetTenant restores its seed, drops what was made in it, its events and faults; others keep all', async () => {
    const [a, b] = [await createTenant(), await createTenant()];
    /** Changes a tenant: an answer, a created case, a fault scoped to its account, and the events that makes. */
    const change = async (/** @type {Tenant} */ tenant) => {
      const accountId = tenant.accounts.primary.accountId;
      await ctx.call('PUT', `/v1/rfi/${tenant.fixtures.openRfiId}/questions/${tenant.fixtures.openQuestionId}/answer`, {
        accountId,
        json: { answer: 'changed' },
      });
      const created = ctx.emulator.control.createRfiCase({ accountId });
      ctx.emulator.control.injectFault({ operationId: 'listWebhooks', status: 500, accountId });
      return created.rfiId;
    };
    const [createdInA, createdInB] = [await change(a), await change(b)];
    const asA = callAsTenant(ctx.emulator.url, a);
    expect((await asA('GET', '/v1/rfi')).status).toBe(200);

    expect(await control('POST', `/tenants/${a.tenantId}/reset`)).toEqual({ status: 200, body: { reset: true } });
    const accountOf = (/** @type {Tenant} */ tenant) => tenant.accounts.primary.accountId;
    expect((await asA('GET', `/v1/rfi/${a.fixtures.openRfiId}`)).body.questions[0].answer).toBeUndefined();
    expect((await asA('GET', `/v1/rfi/${createdInA}`)).status).toBe(404);
    expect(ctx.emulator.control.faults(accountOf(a))).toEqual([]);
    expect(ctx.emulator.control.events(accountOf(a))).toEqual([]);
    expect((await asA('GET', '/v1/webhooks')).status).toBe(200); // its fault is gone, its token still valid

    const asB = callAsTenant(ctx.emulator.url, b);
    expect((await asB('GET', `/v1/rfi/${b.fixtures.openRfiId}`)).body.questions[0].answer).toBe('changed');
    expect((await asB('GET', `/v1/rfi/${createdInB}`)).status).toBe(200);
    expect(ctx.emulator.control.faults(accountOf(b))).toHaveLength(1);
    expect(ctx.emulator.control.events(accountOf(b)).map((record) => record.event.type)).toEqual([
      'v1.rfi.case.answered',
      'v1.rfi.case.created',
    ]);
  });

  it('the default tenant resets alone too, and is never deleted', async () => {
    const tenant = await createTenant();
    await ctx.call('PUT', `/v1/collections/payers/${ctx.fixtures.payerId}`, { json: { name: 'changed' } });
    await ctx.call('PUT', `/v1/collections/payers/${tenant.fixtures.payerId}`, {
      accountId: tenant.accounts.primary.accountId,
      json: { name: 'changed' },
    });
    expect((await control('POST', `/tenants/${DEFAULT_TENANT_ID}/reset`)).status).toBe(200);
    expect((await ctx.call('GET', `/v1/collections/payers/${ctx.fixtures.payerId}`)).body.name).toBe(
      'Globex Retail plc',
    );
    const theirs = await ctx.call('GET', `/v1/collections/payers/${tenant.fixtures.payerId}`, {
      accountId: tenant.accounts.primary.accountId,
    });
    expect(theirs.body.name).toBe('changed');
    const kept = await control('DELETE', `/tenants/${DEFAULT_TENANT_ID}`);
    expect(kept.status).toBe(409);
    expect(kept.body.message).toContain(`/_emulator/tenants/${DEFAULT_TENANT_ID}/reset`);
  });

  it('DELETE removes a tenant: its accounts are not found, its credentials not recognised', async () => {
    const tenant = await createTenant();
    expect(await control('DELETE', `/tenants/${tenant.tenantId}`)).toEqual({ status: 204, body: undefined });
    expect((await ctx.call('GET', '/v1/rfi', { accountId: tenant.accounts.primary.accountId })).status).toBe(404);
    const token = await ctx.call('POST', '/auth/token', { token: null, accountId: null, json: tenant.credentials });
    expect(token.status).toBe(401);
    expect((await control('GET', `/tenants/${tenant.tenantId}`)).status).toBe(404);
    expect((await control('DELETE', `/tenants/${tenant.tenantId}`)).status).toBe(404);
  });

  it('POST /_emulator/reset goes back to the start: every tenant but the default is gone', async () => {
    const tenant = await createTenant();
    const token = await callAsTenant(ctx.emulator.url, tenant)('GET', '/v1/rfi');
    expect(token.status).toBe(200);
    await ctx.call('PUT', `/v1/collections/payers/${ctx.fixtures.payerId}`, { json: { name: 'changed' } });
    expect((await control('POST', '/reset')).status).toBe(200);
    const gone = await control('GET', `/tenants/${tenant.tenantId}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toContain('POST /_emulator/reset');
    expect((await ctx.call('GET', '/v1/rfi', { accountId: tenant.accounts.primary.accountId })).status).toBe(404);
    expect((await ctx.call('GET', `/v1/collections/payers/${ctx.fixtures.payerId}`)).body.name).toBe(
      'Globex Retail plc',
    );
  });

  it('refuses a body with fields, and an unknown tenant', async () => {
    expect((await control('POST', '/tenants', { accounts: 2 })).status).toBe(400);
    expect((await control('POST', '/tenants/no-such-tenant/reset')).status).toBe(404);
  });
});

// The bound is an option: a small one proves it here; the default (MAX_TENANTS, 1,000) is proven at full size in
// `test:stress` (test/default-bounds.test.js).
describe('an emulator started with maxTenants: 3', () => {
  const { control } = useEmulator({ maxTenants: 3 });

  it('refuses a tenant past the 3rd, saying how to make room, and takes one again once there is room', async () => {
    const created = [];
    for (let count = 0; count < 3; count += 1) created.push(await control('POST', '/tenants'));
    expect(created.map(({ status }) => status)).toEqual([201, 201, 201]);
    const refused = await control('POST', '/tenants');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      '3 tenants exist already: delete those you are done with (DELETE /_emulator/tenants/{tenantId})',
    );
    expect((await control('DELETE', `/tenants/${created[0]?.body.tenantId}`)).status).toBe(204);
    expect((await control('POST', '/tenants')).status).toBe(201);
  });

  it('refuses a snapshot holding more tenants than it keeps, whole and before anything changes', async () => {
    expect([201, 409]).toContain((await control('POST', '/tenants')).status); // one at least, whatever ran before
    const before = await control('GET', '/state');
    const [defaultTenant, created] = before.body.tenants;
    // Four tenants besides `default`, as an emulator of a larger bound would hold them: the count is refused first.
    const tenants = [defaultTenant, ...Array.from({ length: 4 }, () => created)];
    const refused = await control('PUT', '/state', { ...before.body, tenants });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual({ at: 'tenants', problem: 'holds 5 entries, at most 4' });
    const { header: _taken, ...unchanged } = before.body; // the header says when a snapshot was taken
    expect((await control('GET', '/state')).body).toEqual({ ...unchanged, header: expect.any(Object) });
  });
});
