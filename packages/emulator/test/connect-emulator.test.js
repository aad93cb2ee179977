// Issue 25: connectEmulator, the typed client of the control API, against a real emulator: every method does what
// its route does, and an error names the call and the cause. (The `readme` and `parallel-tenants` projects of
// vitest.config.ts use it from vitest workers, with the emulator in the globalSetup's process.)
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ControlCallError, connectEmulator } from '../src/index.js';
import { callAsTenant } from './support/call-as-tenant.js';
import { useEmulator } from './support/use-emulator.js';

describe('connectEmulator', () => {
  const ctx = useEmulator();
  const connect = () => connectEmulator(`${ctx.emulator.url}/`);

  it('describes the emulator as GET /_emulator does, and keeps its URL without the trailing slash', async () => {
    const emulator = connect();
    expect(emulator.url).toBe(ctx.emulator.url);
    expect(await emulator.describe()).toEqual(await (await fetch(`${ctx.emulator.url}/_emulator`)).json());
  });

  it('creates, reads, resets and deletes a tenant', async () => {
    const emulator = connect();
    const tenant = await emulator.createTenant();
    expect(await emulator.tenant(tenant.tenantId)).toEqual(tenant);
    const call = callAsTenant(emulator.url, tenant);
    await emulator.closeRfiCase(tenant.fixtures.openRfiId);
    expect((await call('GET', `/v1/rfi/${tenant.fixtures.openRfiId}`)).body.status).toBe('CLOSED');
    await emulator.resetTenant(tenant.tenantId);
    expect((await call('GET', `/v1/rfi/${tenant.fixtures.openRfiId}`)).body.status).toBe('OPEN');
    await emulator.deleteTenant(tenant.tenantId);
    expect((await call('GET', '/v1/rfi')).status).toBe(401); // its token went with its world
    const again = await emulator.createTenant();
    await emulator.reset();
    await expect(emulator.tenant(again.tenantId)).rejects.toThrow(ControlCallError);
  });

  it('reads and clears the journal, filtered as GET /_emulator/requests is', async () => {
    const emulator = connect();
    const tenant = await emulator.createTenant();
    const accountId = tenant.accounts.primary.accountId;
    await callAsTenant(emulator.url, tenant)('GET', `/v1/rfi/${tenant.fixtures.openRfiId}`);
    const entries = await emulator.requests({ accountId });
    expect(entries).toMatchObject([{ operationId: 'getRfiCase', accountId, status: 200, notes: [] }]);
    expect(await emulator.requests({ operationId: 'getRfiCase', status: 404 })).toEqual([]);
    await emulator.clearRequests();
    expect(await emulator.requests()).toEqual([]);
  });

  it('injects, lists and clears faults, by account or all', async () => {
    const emulator = connect();
    const { accountId } = ctx.emulator.accounts.primary;
    const fault = await emulator.injectFault({
      operationId: 'getRfiCase',
      status: 500,
      times: 2,
      accountId,
      pathParams: { rfiId: ctx.fixtures.openRfiId },
    });
    expect(fault).toMatchObject({ operationId: 'getRfiCase', times: 2, accountId });
    await emulator.injectFault({ operationId: 'listRfiCases', status: 429 });
    expect((await ctx.call('GET', `/v1/rfi/${ctx.fixtures.openRfiId}`)).status).toBe(500);
    expect(await emulator.faults({ accountId })).toEqual([{ ...fault, times: 1 }]);
    await emulator.clearFaults({ accountId });
    expect((await emulator.faults()).map((pending) => pending.operationId)).toEqual(['listRfiCases']);
    await emulator.clearFaults();
    expect(await emulator.faults()).toEqual([]);
  });

  it('creates cases and payment requests, approves items, cancels, and reads the events it made', async () => {
    const emulator = connect();
    const tenant = await emulator.createTenant();
    const accountId = tenant.accounts.primary.accountId;
    const created = await emulator.createRfiCase({ accountId, questions: 1, documentRequests: 1 });
    const [question, documentRequest] = [created.questions[0], created.documentRequests[0]];
    expect((await emulator.approveQuestion(created.rfiId, question?.questionId ?? '')).questions[0].approved).toBe(
      true,
    );
    const approved = await emulator.approveDocumentRequest(created.rfiId, documentRequest?.documentRequestId ?? '');
    expect(approved.documentRequests[0].approved).toBe(true);
    expect((await emulator.cancelRfiCase(created.rfiId)).status).toBe('CANCELLED');
    const payment = await emulator.createPaymentRequest({ accountId, executionMode: 'EMBEDDED' });
    expect(payment).toMatchObject({ executionMode: 'EMBEDDED', status: 'UNPAID' });
    const types = (await emulator.events({ accountId })).map((record) => record.event.type);
    expect(types).toEqual(['v1.rfi.case.created', 'v1.rfi.case.item_approved', 'v1.rfi.case.item_approved']);
    expect(await emulator.events({ accountId: ctx.emulator.accounts.primary.accountId })).toEqual([]);
    await emulator.clearEvents({ accountId });
    expect(await emulator.events()).toEqual([]);
    expect(await emulator.violations()).toEqual([]);
  });

  it("expires one token, a tenant's tokens, or all", async () => {
    const emulator = connect();
    const tenant = await emulator.createTenant();
    const call = callAsTenant(emulator.url, tenant);
    expect((await call('GET', '/v1/rfi')).status).toBe(200);
    expect(await emulator.expireTokens({ tenantId: tenant.tenantId })).toEqual({ expired: 1 });
    expect((await call('GET', '/v1/rfi')).status).toBe(401);
    const token = await ctx.freshToken();
    expect(await emulator.expireTokens(token)).toEqual({ expired: 1 });
    expect((await ctx.call('GET', '/v1/rfi', { token })).status).toBe(401);
    await ctx.freshToken();
    expect((await emulator.expireTokens()).expired).toBeGreaterThanOrEqual(1);
  });

  it('takes the state and restores it; a refused snapshot rejects saying where, and changes nothing', async () => {
    const emulator = connect();
    const tenant = await emulator.createTenant();
    await emulator.closeRfiCase(tenant.fixtures.openRfiId);
    const snapshot = await emulator.state();
    expect(snapshot).toEqual({ ...(await ctx.emulator.control.state()), header: snapshot.header });
    await emulator.reset();
    expect(await emulator.restoreState(snapshot)).toEqual({ restored: true, header: snapshot.header });
    expect((await emulator.tenant(tenant.tenantId)).fixtures.openRfiId).toBe(tenant.fixtures.openRfiId);
    const refused = await emulator
      .restoreState({ ...snapshot, header: { ...snapshot.header, version: 2 } })
      .catch((e) => e);
    expect(refused).toBeInstanceOf(ControlCallError);
    expect(refused).toMatchObject({ method: 'PUT', status: 400, code: 'VALIDATION_FAILED' });
    expect(refused.details).toEqual({
      at: 'header.version',
      problem: '2 is no version this emulator reads (it reads 1)',
    });
    expect((await emulator.state()).tenants).toEqual(snapshot.tenants);
  });

  it('rejects with an ControlCallError naming the call, the status, the code and the message', async () => {
    const emulator = connect();
    const refused = await emulator.injectFault({ operationId: 'getRfiCase', status: 500, times: 0 }).catch((e) => e);
    expect(refused).toBeInstanceOf(ControlCallError);
    expect(refused.message).toBe(
      `POST ${ctx.emulator.url}/_emulator/faults: 400 VALIDATION_FAILED: times must be an integer from 1 to 1000`,
    );
    expect(refused).toMatchObject({
      method: 'POST',
      url: `${ctx.emulator.url}/_emulator/faults`,
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    const missing = await emulator.resetTenant('no-such-tenant').catch((e) => e);
    expect(missing).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(missing.message).toMatch(/^POST .*\/_emulator\/tenants\/no-such-tenant\/reset: 404 NOT_FOUND: tenant /);
  });

  it('says where it found no emulator, and refuses what is no http(s) URL', async () => {
    const server = createServer();
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    await new Promise((resolve) => server.close(resolve));
    const nowhere = `http://127.0.0.1:${port}`;
    const failed = await connectEmulator(nowhere)
      .describe()
      .catch((e) => e);
    expect(failed).toBeInstanceOf(ControlCallError);
    expect(failed.status).toBe(0);
    expect(failed.message).toContain(`GET ${nowhere}/_emulator: connection refused: nothing listens there`);
    expect(failed.message).toContain(`is the emulator running at ${nowhere}?`);
    expect(() => connectEmulator('127.0.0.1:4020')).toThrow(TypeError);
    expect(() => connectEmulator('ftp://127.0.0.1:4020')).toThrow(TypeError);
    expect(() => connectEmulator(nowhere, { timeoutMs: 0 })).toThrow(TypeError);
  });
});
