import { describe, expect, it } from 'vitest';
import { useEmulator } from './support/use-emulator.js';

describe('the HTTP control API under /_emulator', () => {
  const ctx = useEmulator();
  const { control } = ctx;

  it('GET /_emulator describes the emulator: URL, credentials, accounts, fixtures and sandbox env', async () => {
    const { status, body } = await control('GET', '');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      url: ctx.emulator.url,
      credentials: ctx.emulator.credentials,
      fixtures: ctx.emulator.fixtures,
      env: ctx.emulator.env,
      tokenTtlSeconds: 3600,
      strict: false,
      webhookUrl: null,
    });
    expect(Object.keys(body.accounts)).toEqual(['primary', 'other', 'individual']);
  });

  it('POST /rfi-cases creates a case in a given state, with given items, for a given account', async () => {
    const other = ctx.emulator.accounts.other.accountId;
    const { status, body } = await control('POST', '/rfi-cases', {
      accountId: other,
      questions: [{ text: 'Why?' }, { answer: 'Because', approved: true }],
      documentRequests: 0,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'OPEN', documentRequests: [] });
    expect(body.questions).toMatchObject([
      { text: 'Why?', approved: false },
      { answer: 'Because', approved: true },
    ]);
    expect((await ctx.call('GET', `/v1/rfi/${body.rfiId}`, { accountId: other })).body).toEqual(body);
    expect((await ctx.call('GET', `/v1/rfi/${body.rfiId}`)).status).toBe(404);

    const closed = await control('POST', '/rfi-cases', {
      status: 'CLOSED',
      rfiId: '11111111-2222-4333-8444-555555555555',
    });
    expect(closed.body).toMatchObject({ rfiId: '11111111-2222-4333-8444-555555555555', status: 'CLOSED' });
    expect((await control('POST', '/rfi-cases', { rfiId: '11111111-2222-4333-8444-555555555555' })).status).toBe(409);
  });

  it('POST /rfi-cases refuses bad input with 400 and an unknown account with 404', async () => {
    expect((await control('POST', '/rfi-cases', { rfiId: 'nope' })).status).toBe(400);
    expect((await control('POST', '/rfi-cases', { questions: 'three' })).status).toBe(400);
    expect((await control('POST', '/rfi-cases', { status: '' })).status).toBe(400);
    expect((await control('POST', '/rfi-cases', { accountId: 'nobody' })).status).toBe(404);
    const url = `${ctx.emulator.url}/_emulator/rfi-cases`;
    const broken = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(broken.status).toBe(400);
    // A text body is what any web page may POST without asking: the control API takes JSON only.
    expect((await fetch(url, { method: 'POST', body: '{}' })).status).toBe(415);
  });

  it('approves a question and a document request', async () => {
    const f = ctx.fixtures;
    const q = await control('POST', `/rfi-cases/${f.openRfiId}/questions/${f.openQuestionId}/approve`);
    expect(q.status).toBe(200);
    expect(q.body.questions[0].approved).toBe(true);
    const d = await control('POST', `/rfi-cases/${f.openRfiId}/document-requests/${f.openDocumentRequestId}/approve`);
    expect(d.body.documentRequests[0].approved).toBe(true);
    const write = await ctx.call('PUT', `/v1/rfi/${f.openRfiId}/questions/${f.openQuestionId}/answer`, {
      json: { answer: 'x' },
    });
    expect(write.body.message).toContain('RFI_ITEM_ALREADY_APPROVED');
    expect((await control('POST', `/rfi-cases/${f.openRfiId}/questions/${f.closedQuestionId}/approve`)).status).toBe(
      404,
    );
  });

  it('closes and cancels a case; a terminal case cannot move again', async () => {
    const f = ctx.fixtures;
    const closed = await control('POST', `/rfi-cases/${f.openRfiId}/close`);
    expect(closed.body.status).toBe('CLOSED');
    expect((await control('POST', `/rfi-cases/${f.openRfiId}/cancel`)).status).toBe(409);
    const created = ctx.emulator.control.createRfiCase();
    expect((await control('POST', `/rfi-cases/${created.rfiId}/cancel`)).body.status).toBe('CANCELLED');
    expect((await control('POST', '/rfi-cases/00000000-0000-4000-8000-000000000008/close')).status).toBe(404);
  });

  it('creates a payment request in any mode and status', async () => {
    const { status, body } = await control('POST', '/payment-requests', {
      executionMode: 'SHAREABLE_LINK',
      status: 'UNPAID',
    });
    expect(status).toBe(201);
    const refresh = await ctx.call('PUT', `/v1/collections/payment-requests/${body.paymentRequestId}/refresh-session`);
    expect(refresh.status).toBe(400);
  });

  it('expires one token or every token', async () => {
    const token = await ctx.freshToken();
    expect((await control('POST', '/tokens/expire', { token })).body).toEqual({ expired: 1 });
    expect((await ctx.call('GET', '/v1/rfi', { token })).status).toBe(401);
    expect((await control('POST', '/tokens/expire', { token: 'unknown' })).body).toEqual({ expired: 0 });
    const another = await ctx.freshToken();
    await control('POST', '/tokens/expire');
    expect((await ctx.call('GET', '/v1/rfi', { token: another })).status).toBe(401);
  });

  it('injects faults for the next calls of an operation, e.g. 429 with Retry-After', async () => {
    const injected = await control('POST', '/faults', {
      operationId: 'getRfiCase',
      status: 429,
      headers: { 'Retry-After': '1' },
      times: 2,
    });
    expect(injected.status).toBe(201);
    const path = `/v1/rfi/${ctx.fixtures.openRfiId}`;
    for (let i = 0; i < 2; i += 1) {
      const limited = await ctx.call('GET', path);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('TOO_MANY_REQUESTS');
      expect(limited.headers.get('retry-after')).toBe('1');
    }
    expect((await ctx.call('GET', path)).status).toBe(200);
    await control('POST', '/faults', { operationId: 'listRfiCases', status: 500 });
    await control('DELETE', '/faults');
    expect((await ctx.call('GET', '/v1/rfi')).status).toBe(200);
    expect((await control('POST', '/faults', { operationId: 'noSuchOperation', status: 500 })).status).toBe(400);
    expect((await control('POST', '/faults', { operationId: 'getRfiCase', status: 1000 })).status).toBe(400);
  });

  it('reset restores the seed data and keeps tokens valid', async () => {
    const f = ctx.fixtures;
    await ctx.call('PUT', `/v1/collections/payers/${f.payerId}`, { json: { name: 'changed' } });
    await control('POST', `/rfi-cases/${f.openRfiId}/close`);
    expect((await control('POST', '/reset')).status).toBe(200);
    expect((await ctx.call('GET', `/v1/collections/payers/${f.payerId}`)).body.name).toBe('Globex Retail plc');
    expect((await ctx.call('GET', `/v1/rfi/${f.openRfiId}`)).body.status).toBe('OPEN');
  });

  it('lists and clears events, and lists violations', async () => {
    ctx.emulator.control.createRfiCase();
    expect((await control('GET', '/events')).body.items).toHaveLength(1);
    expect((await control('DELETE', '/events')).status).toBe(204);
    expect((await control('GET', '/events')).body.items).toEqual([]);
    expect((await control('GET', '/violations')).body).toEqual({ items: [] });
  });

  it('answers 404 for an unknown control route and 405 for a wrong method', async () => {
    expect((await control('GET', '/nothing-here')).status).toBe(404);
    const wrong = await control('GET', '/reset');
    expect(wrong.status).toBe(405);
  });
});
