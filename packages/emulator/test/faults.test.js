// Issue 25: faults scoped to an account and to path values, listed with the calls each still answers, cleared all or
// by account; a fault scoped to one tenant's account never answers another tenant's calls.
import { loadContract } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { connectEmulator } from '../src/index.js';
import { callAsTenant } from './support/call-as-tenant.js';
import { useEmulator } from './support/use-emulator.js';

describe('injected faults', () => {
  const ctx = useEmulator();
  const { control } = ctx;
  const readCase = async (
    /** @type {string} */ rfiId,
    /** @type {string} */ accountId = ctx.emulator.accounts.primary.accountId,
  ) => (await ctx.call('GET', `/v1/rfi/${rfiId}`, { accountId })).status;

  it('GET /_emulator/faults lists those pending, each with the calls it still answers', async () => {
    expect(await control('GET', '/faults')).toEqual({ status: 200, body: { items: [] } });
    const injected = await control('POST', '/faults', { operationId: 'getRfiCase', status: 500, times: 2 });
    const fault = {
      faultId: expect.stringMatching(/^fault-\d+$/),
      operationId: 'getRfiCase',
      status: 500,
      times: 2,
      accountId: null,
      pathParams: {},
      headers: {},
      body: { code: 'INTERNAL_ERROR', message: 'Injected fault: 500' },
    };
    expect(injected).toEqual({ status: 201, body: { injected: true, fault } });
    expect(await readCase(ctx.fixtures.openRfiId)).toBe(500);
    expect((await control('GET', '/faults')).body.items).toEqual([{ ...fault, times: 1 }]);
    expect(await readCase(ctx.fixtures.openRfiId)).toBe(500);
    expect((await control('GET', '/faults')).body.items).toEqual([]);
    expect(await readCase(ctx.fixtures.openRfiId)).toBe(200);
  });

  it("a fault scoped to an account answers that account's calls only: never another tenant's", async () => {
    const [a, b] = [ctx.emulator.control.createTenant(), ctx.emulator.control.createTenant()];
    ctx.emulator.control.injectFault({
      operationId: 'listRfiCases',
      status: 429,
      headers: { 'Retry-After': '1' },
      times: 5,
      accountId: a.accounts.primary.accountId,
    });
    const [asA, asB] = [callAsTenant(ctx.emulator.url, a), callAsTenant(ctx.emulator.url, b)];
    const statuses = [];
    for (let call = 0; call < 5; call += 1) statuses.push((await asB('GET', '/v1/rfi')).status);
    statuses.push((await ctx.call('GET', '/v1/rfi')).status);
    expect(statuses).toEqual(Array(6).fill(200));
    expect(ctx.emulator.control.faults()).toMatchObject([{ times: 5, accountId: a.accounts.primary.accountId }]);
    const limited = await asA('GET', '/v1/rfi');
    expect([limited.status, limited.body.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(ctx.emulator.control.faults()).toMatchObject([{ times: 4 }]);
  });

  it('a fault scoped to path values answers only calls whose path carries them', async () => {
    const f = ctx.fixtures;
    await control('POST', '/faults', { operationId: 'getRfiCase', status: 500, pathParams: { rfiId: f.closedRfiId } });
    await control('POST', '/faults', {
      operationId: 'answerRfiQuestion',
      status: 500,
      pathParams: { questionId: f.secondOpenQuestionId },
    });
    expect(await readCase(f.openRfiId)).toBe(200);
    expect(await readCase(f.closedRfiId)).toBe(500);
    const answer = (/** @type {string} */ questionId) =>
      ctx.call('PUT', `/v1/rfi/${f.openRfiId}/questions/${questionId}/answer`, { json: { answer: 'x' } });
    expect((await answer(f.openQuestionId)).status).toBe(200);
    expect((await answer(f.secondOpenQuestionId)).status).toBe(500);
    expect((await answer(f.secondOpenQuestionId)).status).toBe(200);
  });

  it('the first pending fault that holds for a call answers it, in the order they were injected', async () => {
    const accountId = ctx.emulator.accounts.primary.accountId;
    ctx.emulator.control.injectFault({
      operationId: 'getRfiCase',
      status: 500,
      accountId: ctx.emulator.accounts.other.accountId,
    });
    ctx.emulator.control.injectFault({ operationId: 'getRfiCase', status: 429 });
    ctx.emulator.control.injectFault({ operationId: 'getRfiCase', status: 500, accountId });
    expect([await readCase(ctx.fixtures.openRfiId), await readCase(ctx.fixtures.openRfiId)]).toEqual([429, 500]);
    expect(ctx.emulator.control.faults().map((fault) => fault.accountId)).toEqual([
      ctx.emulator.accounts.other.accountId,
    ]);
  });

  it('refuses an operation the spec does not have, naming the one meant', async () => {
    const misspelt = await control('POST', '/faults', { operationId: 'getRfiCas', status: 500 });
    expect([misspelt.status, misspelt.body.message]).toEqual([
      400,
      "operationId 'getRfiCas' is not an operation of the spec; did you mean getRfiCase?",
    ]);
    // Nothing close: every operation, the closest first.
    const unknown = await control('POST', '/faults', { operationId: 'refundPayment', status: 500 });
    expect(unknown.body.message).toMatch(/^operationId 'refundPayment' is not an operation of the spec; it has \w+, /);
    const listed = String(unknown.body.message.split('; it has ')[1]).split(', ');
    expect(listed.sort()).toEqual(
      loadContract()
        .operations.map((operation) => operation.operationId)
        .sort(),
    );
    const missing = await control('POST', '/faults', { status: 500 });
    expect(missing.body.message).toMatch(/^operationId must name an operation of the spec: \w+, /);
    // Through the control client, as another process injects it.
    await expect(
      connectEmulator(ctx.emulator.url).injectFault({ operationId: 'getRfiCas', status: 500 }),
    ).rejects.toThrow(
      "400 VALIDATION_FAILED: operationId 'getRfiCas' is not an operation of the spec; did you mean getRfiCase?",
    );
    expect(ctx.emulator.control.faults()).toEqual([]);
  });

  it('refuses a path parameter the operation does not have, an unknown account, and a malformed scope', async () => {
    const unknownParameter = await control('POST', '/faults', {
      operationId: 'getRfiCase',
      status: 500,
      pathParams: { caseId: ctx.fixtures.openRfiId },
    });
    expect(unknownParameter.status).toBe(400);
    expect(unknownParameter.body.message).toBe('pathParams.caseId is not a path parameter of getRfiCase; it has rfiId');
    const misspelt = await control('POST', '/faults', {
      operationId: 'getRfiCase',
      status: 500,
      pathParams: { rfiid: ctx.fixtures.openRfiId },
    });
    expect(misspelt.body.message).toBe('pathParams.rfiid is not a path parameter of getRfiCase; did you mean rfiId?');
    const noParameters = await control('POST', '/faults', {
      operationId: 'listRfiCases',
      status: 500,
      pathParams: { rfiId: 'x' },
    });
    expect(noParameters.body.message).toBe('pathParams.rfiId: listRfiCases has no path parameter');
    expect(
      (await control('POST', '/faults', { operationId: 'getRfiCase', status: 500, accountId: 'nobody' })).status,
    ).toBe(404);
    const noAccount = await control('POST', '/faults', {
      operationId: 'createAccessToken',
      status: 500,
      accountId: ctx.emulator.accounts.primary.accountId,
    });
    expect([noAccount.status, noAccount.body.message]).toEqual([
      400,
      'createAccessToken takes no AccountId: a fault scoped to an account would never answer it',
    ]);
    for (const scope of [{ accountId: 5 }, { accountId: '' }, { pathParams: 'rfiId' }, { pathParams: { rfiId: '' } }]) {
      expect((await control('POST', '/faults', { operationId: 'getRfiCase', status: 500, ...scope })).status).toBe(400);
    }
    expect(ctx.emulator.control.faults()).toEqual([]);
  });

  it('DELETE clears the faults scoped to one account, or every one', async () => {
    const { primary, other } = ctx.emulator.accounts;
    for (const accountId of [primary.accountId, other.accountId, undefined])
      ctx.emulator.control.injectFault({
        operationId: 'listRfiCases',
        status: 500,
        ...(accountId ? { accountId } : {}),
      });
    expect((await control('GET', `/faults?accountId=${other.accountId}`)).body.items).toMatchObject([
      { accountId: other.accountId },
    ]);
    expect((await control('DELETE', `/faults?accountId=${primary.accountId}`)).status).toBe(204);
    expect(ctx.emulator.control.faults().map((fault) => fault.accountId)).toEqual([other.accountId, null]);
    expect((await control('DELETE', '/faults')).status).toBe(204);
    expect(ctx.emulator.control.faults()).toEqual([]);
  });

  it('refuses a filter it does not know, rather than act on every fault or event', async () => {
    for (const [method, path] of [
      ['GET', '/faults?account=x'],
      ['DELETE', '/faults?operationId=getRfiCase'],
      ['GET', '/events?tenantId=x'],
      ['DELETE', '/events?accountId='],
    ]) {
      expect((await control(String(method), String(path))).status, `${method} ${path}`).toBe(400);
    }
  });

  it("lists and clears one account's events", async () => {
    const { primary, other } = ctx.emulator.accounts;
    ctx.emulator.control.createRfiCase({ accountId: primary.accountId });
    ctx.emulator.control.createRfiCase({ accountId: other.accountId });
    const ofOther = await control('GET', `/events?accountId=${other.accountId}`);
    expect(ofOther.body.items.map((/** @type {any} */ record) => record.event.accountId)).toEqual([other.accountId]);
    expect((await control('DELETE', `/events?accountId=${other.accountId}`)).status).toBe(204);
    expect(ctx.emulator.control.events().map((record) => record.event.accountId)).toEqual([primary.accountId]);
  });
});

// The bound is an option: a small one proves it here; the default (MAX_PENDING_FAULTS, 1,000) is proven at full size in
// `test:stress` (test/default-bounds.test.js).
describe('an emulator started with maxPendingFaults: 3', () => {
  const { control } = useEmulator({ maxPendingFaults: 3 });
  const fault = { operationId: 'listWebhooks', status: 500 };

  it('holds at most 3 pending faults, saying how to make room, and takes one again once there is room', async () => {
    const injected = [];
    for (let count = 0; count < 3; count += 1) injected.push((await control('POST', '/faults', fault)).status);
    expect(injected).toEqual([201, 201, 201]);
    const refused = await control('POST', '/faults', fault);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('3 faults are pending already: clear some (DELETE /_emulator/faults)');
    expect((await control('DELETE', '/faults')).status).toBe(204);
    expect((await control('POST', '/faults', fault)).status).toBe(201);
  });
});
