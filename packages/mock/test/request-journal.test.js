// The mock's request journal, over real HTTP on 127.0.0.1: what GET /_mock/requests and requests() say of accepted
// and refused requests, what they never hold, the bound and the filters. The command's --journal FILE and
// --journal-size are in cli.test.js.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMock } from '../src/index.js';

const TOKEN = 'journal-secret-token';
const ACCOUNT = '0f8fad5b-d9cb-469f-a165-70867728950e';
const HEADERS = { Authorization: `Bearer ${TOKEN}`, AccountId: ACCOUNT };
const RFI_ID = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';

/** @type {import('../src/index.js').RunningMock} */
let mock;
beforeAll(async () => {
  mock = await startMock({ journal: { size: 3 } });
});
afterAll(() => mock?.stop());
beforeEach(() => mock.clearRequests());

/** @param {string} path @param {RequestInit} [init] */
const send = (path, init) => fetch(`${mock.url}${path}`, init).then((response) => response.arrayBuffer());
/** @param {string} [query] */
const listed = async (query = '') => (await fetch(`${mock.url}/_mock/requests${query}`)).json();

describe("the mock's request journal", () => {
  it('lists an accepted request with its operation, account, status and answer, never the Authorization', async () => {
    await send(`/v1/rfi/${RFI_ID}`, { headers: { ...HEADERS, Prefer: 'example=closedCase' } });
    const { items } = await listed();
    expect(items).toEqual(mock.requests());
    expect(items).toEqual([
      expect.objectContaining({
        id: expect.any(Number),
        method: 'GET',
        target: `/v1/rfi/${RFI_ID}`,
        operationId: 'getRfiCase',
        accountId: ACCOUNT,
        status: 200,
        requestViolations: [],
        answerViolations: [],
        requestBody: null,
        answerBody: expect.stringContaining('"CLOSED"'),
        notes: ["preferences applied: example=closedCase (the request's Prefer)"],
      }),
    ]);
    expect(JSON.stringify(items)).not.toContain(TOKEN);
  });

  it('lists a refused request with the violations of its refusal, and the body when it was read', async () => {
    const path = `/v1/rfi/${RFI_ID}/questions/6b1c5a7f-8c9d-4e0f-9a1b-2c3d4e5f6071/answer`;
    const body = JSON.stringify({ answer: '' });
    const noAccount = { Authorization: HEADERS.Authorization, 'content-type': 'application/json' };
    await send(path, { method: 'PUT', body, headers: noAccount });
    await send(path, { method: 'PUT', body, headers: { ...HEADERS, 'content-type': 'text/plain' } });
    await send('/v1/no-such-thing', { headers: HEADERS });
    const [invalid, textBody, unknown] = mock.requests();
    expect(invalid).toMatchObject({
      operationId: 'answerRfiQuestion',
      accountId: null,
      status: 400,
      requestBody: body,
    });
    expect(invalid?.requestViolations).toEqual([
      expect.objectContaining({ location: 'header', name: 'AccountId', rule: 'required' }),
      expect.objectContaining({ location: 'body', name: 'answer' }),
    ]);
    // Refused on its headers: the body was never read.
    expect(textBody).toMatchObject({ accountId: ACCOUNT, status: 415, requestBody: null });
    expect(textBody?.requestViolations).toEqual([expect.objectContaining({ name: 'Content-Type' })]);
    expect(unknown).toMatchObject({ operationId: null, status: 404 });
    expect(JSON.stringify(mock.requests())).not.toContain(TOKEN);
  });

  it('keeps the last of them within its size, counts the dropped ones, filters, and forgets on DELETE', async () => {
    for (let i = 0; i < 3; i++) await send('/v1/rfi', { headers: HEADERS });
    await send(`/v1/rfi/${RFI_ID}`, { headers: { ...HEADERS, Prefer: 'code=404' } });
    expect(await listed()).toMatchObject({ size: 3, dropped: 1 });
    expect((await listed('?operationId=listRfiCases')).items).toHaveLength(2);
    expect((await listed('?status=404')).items.map((/** @type {any} */ entry) => entry.operationId)).toEqual([
      'getRfiCase',
    ]);
    expect(mock.requests({ accountId: 'someone-else' })).toEqual([]);
    const refused = await fetch(`${mock.url}/_mock/requests?state=open`);
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe('unknown filter state: use operationId, status, accountId or since');
    expect((await fetch(`${mock.url}/_mock/requests`, { method: 'DELETE' })).status).toBe(204);
    expect(await listed()).toEqual({ items: [], dropped: 0, size: 3 });
  });
});
