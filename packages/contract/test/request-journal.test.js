// The request journal of the pipeline, over real HTTP on 127.0.0.1: what an entry holds for accepted and refused
// requests, what it never holds, the bound, the filters and the JSON-lines file.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadContract } from '../src/contract.js';
import { JOURNAL_BODY_BYTES, journaledBody } from '../src/server/journal/journaled-body.js';
import { journaledTokenExchange, redactValues } from '../src/server/journal/journaled-token-exchange.js';
import { createRequestJournal } from '../src/server/journal/request-journal.js';
import { RefusalError, startServer } from '../src/server.js';

const contract = loadContract();
const ACCOUNT = '0f8fad5b-d9cb-469f-a165-70867728950e';
const AUTH = { Authorization: 'Bearer journal-test-token', AccountId: ACCOUNT };
/** A case that keeps the contract: the spec's own example. */
const CASE = contract.responseExample('getRfiCase', 'openCase');
const RFI = CASE.rfiId;
/** A case answered as a server replaying a recording answers: naming the recorded line. */
const REPLAYED_RFI = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'journal-'));
  server = await startServer({
    contract,
    name: 'journal-test',
    control: { prefix: '/_test', routes: [] },
    journal: { size: 3, file: join(dir, 'journal.jsonl') },
    answer: ({ operation, values }) => {
      if (operation.operationId === 'createAccessToken')
        return { status: 200, body: { access_token: 'minted-token', expires_in: 3600, token_type: 'Bearer' } };
      if (operation.operationId === 'listRfiCases') throw new RefusalError(404, 'no cases here');
      // Any other case: an answer that breaks the contract (an id that is no UUID).
      if (values.path.rfiId === CASE.rfiId) return { status: 200, body: CASE, notes: ['answered from a fixture'] };
      if (values.path.rfiId === REPLAYED_RFI)
        return { status: 200, body: { ...CASE, rfiId: REPLAYED_RFI }, replayed: { file: 'sandbox.jsonl', line: 3 } };
      return { status: 200, body: { rfiId: 'not-a-uuid' } };
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** @param {string} path @param {RequestInit} [init] */
const send = (path, init) => fetch(`${server.url}${path}`, init).then((response) => response.arrayBuffer());

describe('the request journal', () => {
  it('records an accepted request: operation, account, status, bodies and time, and no Authorization', async () => {
    server.clearRequests();
    await send(`/v1/rfi/${RFI}`, { headers: AUTH });
    const [entry] = server.requests();
    expect(entry).toMatchObject({
      method: 'GET',
      target: `/v1/rfi/${RFI}`,
      operationId: 'getRfiCase',
      accountId: ACCOUNT,
      status: 200,
      requestViolations: [],
      answerViolations: [],
      requestBody: null,
      answerBody: JSON.stringify(CASE),
      truncated: false,
      notes: ['answered from a fixture'],
    });
    expect(Date.parse(entry?.time ?? '')).not.toBeNaN();
    expect(entry?.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(server.requests())).not.toContain('journal-test-token');
    expect(entry).not.toHaveProperty('replayed');
  });

  it('names the recorded answer an answer was replayed from', async () => {
    server.clearRequests();
    await send(`/v1/rfi/${REPLAYED_RFI}`, { headers: AUTH });
    const [entry] = server.requests();
    expect(entry).toMatchObject({ status: 200, answerViolations: [], replayed: { file: 'sandbox.jsonl', line: 3 } });
  });

  it('records a refused request with its violations, and an answer that broke the contract', async () => {
    server.clearRequests();
    await send('/v1/rfi/not-an-id', { headers: AUTH });
    await send('/v1/rfi/5a0b4f6e-7b8c-4d9e-8f0a-1b2c3d4e5f60', { headers: AUTH });
    const [refused, broken] = server.requests();
    expect(refused).toMatchObject({ operationId: 'getRfiCase', status: 400, answerViolations: [] });
    expect(refused?.requestViolations).toEqual([
      expect.objectContaining({ location: 'path', name: 'rfiId', rule: 'format' }),
    ]);
    expect(broken).toMatchObject({ status: 200, requestViolations: [] });
    expect(broken?.answerViolations.length).toBeGreaterThan(0);
  });

  it('records where and how the answer broke the contract, each in the shape of a request violation', async () => {
    server.clearRequests();
    await send('/v1/rfi/5a0b4f6e-7b8c-4d9e-8f0a-1b2c3d4e5f60', { headers: AUTH });
    const [broken] = server.requests();
    expect(broken?.answerViolations).toContainEqual({
      location: 'body',
      name: 'rfiId',
      rule: 'format',
      message: 'body/rfiId must match format "uuid"',
      expected: 'uuid',
    });
    for (const { message } of broken?.answerViolations ?? []) expect(message).not.toMatch(/:$/);
  });

  it('sums every violation up by operation and kind: side, place, rule and the first sentence', () => {
    const { causes, upstreamFailures } = server.summary();
    expect(upstreamFailures).toBe(0);
    expect(causes).toContainEqual({
      operationId: 'getRfiCase',
      side: 'request',
      location: 'path',
      name: 'rfiId',
      rule: 'format',
      message: 'path rfiId must match format "uuid"',
      count: 1,
    });
    const rfiIdFormat = causes.find((cause) => cause.side === 'answer' && cause.name === 'rfiId');
    // The answer with an id that is no UUID was sent twice, by the two tests above.
    expect(rfiIdFormat).toMatchObject({ operationId: 'getRfiCase', rule: 'format', count: 2 });
  });

  it('replaces the credentials of the token exchange in both bodies', async () => {
    server.clearRequests();
    const credentials = { clientId: 'my-client', clientSecret: 'my-very-secret' };
    await send('/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    const [entry] = server.requests({ operationId: 'createAccessToken' });
    expect(JSON.parse(entry?.requestBody ?? '')).toEqual({ clientId: 'my-client', clientSecret: '[redacted]' });
    expect(JSON.parse(entry?.answerBody ?? '')).toMatchObject({ access_token: '[redacted]' });
    expect(JSON.stringify(server.requests())).not.toMatch(/my-very-secret|minted-token/);
  });

  it('keeps the last entries within its size, counts the dropped ones, and filters over HTTP', async () => {
    server.clearRequests();
    for (let i = 0; i < 5; i++) await send('/v1/rfi', { headers: AUTH });
    await send(`/v1/rfi/${RFI}`, { headers: AUTH });
    const listed = await (await fetch(`${server.url}/_test/requests?status=404`)).json();
    expect(listed).toMatchObject({ size: 3, dropped: 3 });
    expect(listed.items.map((/** @type {any} */ entry) => entry.status)).toEqual([404, 404]);
    expect(server.requests().map((entry) => entry.status)).toEqual([404, 404, 200]);
    const since = server.requests()[2]?.time ?? '';
    expect(server.requests({ since, accountId: ACCOUNT }).map((entry) => entry.operationId)).toContain('getRfiCase');
    const refused = await fetch(`${server.url}/_test/requests?colour=blue`);
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toContain('unknown filter colour');
    expect((await fetch(`${server.url}/_test/requests`, { method: 'DELETE' })).status).toBe(204);
    expect(server.requests()).toEqual([]);
  });

  it("filters a tenant's requests as the server tells them; a server without tenants refuses the filter", async () => {
    const tenants = await startServer({
      contract,
      name: 'tenants-test',
      control: { prefix: '/_test', routes: [] },
      answer: () => ({ status: 200, body: CASE }),
      // A tenant here is one account; the server knows two.
      requestsOfTenant: (tenantId) => {
        if (tenantId !== 'a' && tenantId !== 'b') throw new RefusalError(404, `tenant ${tenantId} not found`);
        const account = tenantId === 'a' ? ACCOUNT : 'another-account';
        return (entry) => entry.accountId === account;
      },
    });
    try {
      await fetch(`${tenants.url}/v1/rfi/${RFI}`, { headers: AUTH }).then((response) => response.arrayBuffer());
      expect(tenants.requests({ tenantId: 'a' }).map((entry) => entry.operationId)).toEqual(['getRfiCase']);
      expect(tenants.requests({ tenantId: 'b' })).toEqual([]);
      const listed = await (await fetch(`${tenants.url}/_test/requests?tenantId=a`)).json();
      expect(listed.items).toHaveLength(1);
      expect((await fetch(`${tenants.url}/_test/requests?tenantId=c`)).status).toBe(404);
    } finally {
      await tenants.stop();
    }
    const refused = await fetch(`${server.url}/_test/requests?tenantId=a`);
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe('tenantId: the journal-test has no tenants');
  });

  it('does not journal the control routes themselves', async () => {
    server.clearRequests();
    await fetch(`${server.url}/_test/requests`);
    expect(server.requests()).toEqual([]);
  });
});

describe('the credentials of a token exchange, echoed', () => {
  /** @type {Awaited<ReturnType<typeof startServer>>} */
  let echoing;
  beforeAll(async () => {
    // A token endpoint that names the secret it refuses, as a sandbox behind the proxy might.
    echoing = await startServer({
      contract,
      name: 'echo-test',
      answer: ({ values }) => {
        const { clientSecret } = /** @type {{ clientSecret: string }} */ (values.body);
        throw new RefusalError(
          401,
          `clientId or clientSecret is not recognised: the secret "${clientSecret}" is unknown`,
        );
      },
    });
  });
  afterAll(() => echoing?.stop());

  it.each(['s', 'client', 'a-longer-secret-7d1f'])(
    'are replaced where the answer echoes them as a value, never inside a word (secret %j)',
    async (clientSecret) => {
      echoing.clearRequests();
      await fetch(`${echoing.url}/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: 'shop-7', clientSecret }),
      }).then((response) => response.text());
      const [entry] = echoing.requests();
      expect(entry?.status).toBe(401);
      expect(JSON.parse(entry?.answerBody ?? '').message).toBe(
        'clientId or clientSecret is not recognised: the secret "[redacted]" is unknown',
      );
      expect(JSON.parse(entry?.requestBody ?? '')).toEqual({ clientId: 'shop-7', clientSecret: '[redacted]' });
    },
  );

  it('are not quoted in the violation of a request body that does not parse', async () => {
    echoing.clearRequests();
    await fetch(`${echoing.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"clientId":"my-client","clientSecret":hunter2}',
    }).then((response) => response.text());
    const [entry] = echoing.requests();
    expect(entry?.requestViolations).toEqual([expect.objectContaining({ location: 'body', rule: 'json' })]);
    expect(JSON.stringify(entry)).not.toContain('hunter2');
  });
});

describe('redactValues', () => {
  it.each([
    ['clientId or clientSecret is not recognised', ['client'], 'clientId or clientSecret is not recognised'],
    ['the upstream is down', ['s'], 'the upstream is down'],
    ["secret 's' refused, s", ['s'], "secret '[redacted]' refused, [redacted]"],
    ['client', ['client'], '[redacted]'],
    ['BAD_client: client-1 client.', ['client'], 'BAD_[redacted]: [redacted]-1 [redacted].'],
    ['token tok.en, tok.en2', ['tok.en'], 'token [redacted], tok.en2'],
    ['-x- in a-x-', ['-x-'], '[redacted] in a[redacted]'],
    ['ab abc', ['ab', 'abc'], '[redacted] [redacted]'],
    ['naïve naï', ['na'], 'naïve naï'],
    ['nothing', [''], 'nothing'],
  ])('%j with %j reads %j', (text, values, redacted) => {
    expect(redactValues(text, values)).toBe(redacted);
  });
});

describe('the journal file', () => {
  it('holds one JSON line per request, every one of them, once the server has stopped', async () => {
    const file = join(dir, 'alone.jsonl');
    const alone = await startServer({
      contract,
      name: 'journal-file-test',
      journal: { size: 1, file },
      answer: () => ({ status: 200, body: CASE }),
    });
    for (let i = 0; i < 3; i++) await fetch(`${alone.url}/v1/rfi/${RFI}`, { headers: AUTH }).then((r) => r.text());
    await alone.stop();
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line).id)).toEqual([1, 2, 3]);
  });
});

describe('journaledBody and the bound', () => {
  it('cuts a body at 64 KiB and says so', () => {
    const { text, truncated } = journaledBody(new Uint8Array(JOURNAL_BODY_BYTES + 10).fill(0x61));
    expect(text).toHaveLength(JOURNAL_BODY_BYTES);
    expect(truncated).toBe(true);
  });

  it('keeps a body it cannot read as JSON out whole when it could hold credentials', () => {
    const exchange = { request: Buffer.from('clientSecret=abc'), answer: undefined };
    const kept = journaledTokenExchange({ ...exchange, requestViolations: [], answerViolations: [] });
    expect(kept.requestBody.text).toBe('[redacted]');
  });

  /** An entry of `GET /` answered 200, with the bodies given. */
  const entry = (/** @type {{ requestBody?: string | null, answerBody?: string | null }} */ bodies = {}) => ({
    time: '2026-01-01T00:00:00.000Z',
    method: 'GET',
    target: '/',
    operationId: null,
    accountId: null,
    status: 200,
    requestViolations: [],
    answerViolations: [],
    durationMs: 0,
    requestBody: null,
    answerBody: null,
    truncated: false,
    notes: [],
    ...bodies,
  });

  it('keeps each body as it was, whether it repeats the one before or not', () => {
    const journal = createRequestJournal({ size: 10 });
    const answers = ['{"a":1}', '{"a":1}', '{"b":2}', '{"a":1}', null, '{"a":1}'];
    for (const answerBody of answers)
      journal.record(entry({ answerBody, requestBody: answerBody && `q${answerBody}` }));
    expect(journal.entries().map((kept) => kept.answerBody)).toEqual(answers);
    expect(journal.entries().map((kept) => kept.requestBody)).toEqual(answers.map((text) => text && `q${text}`));
    journal.clear();
    journal.record(entry({ answerBody: '{"c":3}' }));
    expect(journal.entries().map((kept) => kept.answerBody)).toEqual(['{"c":3}']);
  });

  it('forgets the entries a clear picks and keeps the rest in order, full and wrapped or not', () => {
    const journal = createRequestJournal({ size: 4 });
    // Six entries in a journal of four: it has wrapped, its oldest two dropped.
    for (const status of [200, 404, 200, 404, 200, 404]) journal.record({ ...entry(), status });
    journal.clear((kept) => kept.status === 404);
    expect(journal.entries().map((kept) => [kept.id, kept.status])).toEqual([
      [3, 200],
      [5, 200],
    ]);
    for (const status of [201, 202, 203]) journal.record({ ...entry(), status });
    expect(journal.entries().map((kept) => kept.id)).toEqual([5, 7, 8, 9]);
    expect(journal.dropped).toBe(3);
  });

  // A journal that kept what it should drop, or lost its place when it wraps, shows it after a few hundred entries:
  // 1,000 wrap a journal of 10 a hundred times. The full-size run (100,000) is `test:stress`'s.
  const recorded = inject('fullSize') ? 100_000 : 1_000;
  it(`keeps its memory flat: ${recorded.toLocaleString('en')} entries in a journal of 10 leave 10`, () => {
    const journal = createRequestJournal({ size: 10 });
    for (let i = 0; i < recorded; i++) journal.record(entry());
    expect(journal.entries()).toHaveLength(10);
    expect(journal.entries()[0]?.id).toBe(recorded - 9);
    expect(journal.dropped).toBe(recorded - 10);
  });

  it('refuses a size that is no positive integer', () => {
    expect(() => createRequestJournal({ size: 0 })).toThrow('journal size must be a positive integer, got 0');
  });
});
