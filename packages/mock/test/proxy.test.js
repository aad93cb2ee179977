// The mock as a validating proxy, over real HTTP on 127.0.0.1, in front of an upstream that drifts from the contract
// on purpose: what it passes on, what it counts, what strict mode refuses, and what it never keeps.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMock } from '../src/index.js';

const BIN = fileURLToPath(new URL('../bin/payments-connect-mock.js', import.meta.url));
const ACCOUNT = '0f8fad5b-d9cb-469f-a165-70867728950e';
const RFI = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';
const SECRET = 'drift-secret-never-kept';
const TOKEN = 'drift-token-never-kept';
const AUTH = { Authorization: `Bearer ${TOKEN}`, AccountId: ACCOUNT };

/** @type {Array<{ method: string, url: string, authorization: string | undefined, body: string }>} */
const received = [];
/** @type {import('node:http').Server} */
let upstream;
let upstreamUrl = '';

/**
 * An upstream that keeps the contract for the case it knows and the token exchange, and drifts from it elsewhere: a
 * case with an id that is no UUID, and a status no operation documents.
 */
beforeAll(async () => {
  upstream = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body,
      });
      const json = (/** @type {number} */ status, /** @type {unknown} */ value) =>
        response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
      if (request.url === '/auth/token')
        return json(200, { access_token: TOKEN, expires_in: 3600, token_type: 'Bearer' });
      if (request.url === `/v1/rfi/${RFI}`)
        return json(200, { rfiId: RFI, status: 'OPEN', questions: [], documentRequests: [] });
      if (request.url === '/v1/rfi') return json(418, { code: 'TEAPOT', message: 'no list today' });
      return json(200, { rfiId: 'drifted', status: 'OPEN', questions: [], documentRequests: [] });
    });
  });
  await new Promise((resolve) => upstream.listen(0, '127.0.0.1', () => resolve(undefined)));
  upstreamUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (upstream.address()).port}`;
});
afterAll(() => new Promise((resolve) => upstream.close(resolve)));
beforeEach(() => {
  received.length = 0;
});

describe('a validating proxy to an upstream that drifts', () => {
  /** @type {Awaited<ReturnType<typeof startMock>>} */
  let proxy;
  beforeAll(async () => {
    proxy = await startMock({ proxy: upstreamUrl });
  });
  afterAll(() => proxy?.stop());

  it('passes requests and answers on untouched, credentials included, and counts the violations of each', async () => {
    const token = await fetch(`${proxy.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'drift-client', clientSecret: SECRET }),
    });
    expect([token.status, token.headers.get('x-contract-violations')]).toEqual([200, '0']);
    expect(received[0]?.body).toBe(JSON.stringify({ clientId: 'drift-client', clientSecret: SECRET }));

    const kept = await fetch(`${proxy.url}/v1/rfi/${RFI}`, { headers: AUTH });
    expect([kept.status, kept.headers.get('x-contract-violations')]).toEqual([200, '0']);
    expect(received[1]?.authorization).toBe(`Bearer ${TOKEN}`);

    const drifted = await fetch(`${proxy.url}/v1/rfi/5a0b4f6e-7b8c-4d9e-8f0a-1b2c3d4e5f60`, { headers: AUTH });
    expect(drifted.status).toBe(200);
    expect(Number(drifted.headers.get('x-contract-violations'))).toBeGreaterThan(0);
    expect((await drifted.json()).rfiId).toBe('drifted');

    const badRequest = await fetch(`${proxy.url}/v1/rfi/not-a-uuid`, { headers: AUTH });
    expect(badRequest.status).toBe(200); // passed on all the same: the upstream answered
    expect(received.at(-1)?.url).toBe('/v1/rfi/not-a-uuid');
    expect(Number(badRequest.headers.get('x-contract-violations'))).toBeGreaterThanOrEqual(2);

    const undocumented = await fetch(`${proxy.url}/v1/rfi`, { headers: AUTH });
    expect(undocumented.status).toBe(418);
    expect(undocumented.headers.get('x-contract-violations')).toBe('1');
  });

  it('journals every exchange with its violations, and never a credential', () => {
    const entries = proxy.requests();
    const drifted = entries.find((entry) => entry.target.startsWith('/v1/rfi/5a0b'));
    expect(drifted?.answerViolations.length).toBeGreaterThan(0);
    const badRequest = entries.find((entry) => entry.target === '/v1/rfi/not-a-uuid');
    expect(badRequest?.requestViolations).toEqual([expect.objectContaining({ name: 'rfiId', rule: 'format' })]);
    expect(JSON.stringify(entries)).not.toContain(SECRET);
    expect(JSON.stringify(entries)).not.toContain(TOKEN);
    expect(proxy.summary().byOperation.listRfiCases).toEqual({ exchanges: 1, violations: 1 });
  });
});

describe('a strict validating proxy', () => {
  /** @type {Awaited<ReturnType<typeof startMock>>} */
  let proxy;
  beforeAll(async () => {
    proxy = await startMock({ proxy: upstreamUrl, strict: true });
  });
  afterAll(() => proxy?.stop());

  it('refuses a request that breaks the contract in the error envelope, unsent', async () => {
    const refused = await fetch(`${proxy.url}/v1/rfi/not-a-uuid`, { headers: AUTH });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(received).toEqual([]);
  });

  it('turns an answer that breaks the contract into a 502 naming the violations; passes a good one on', async () => {
    const broken = await fetch(`${proxy.url}/v1/rfi/5a0b4f6e-7b8c-4d9e-8f0a-1b2c3d4e5f60`, { headers: AUTH });
    expect(broken.status).toBe(502);
    const envelope = await broken.json();
    expect(envelope.message).toContain(`upstream ${upstreamUrl}`);
    expect(envelope.details.length).toBeGreaterThan(0);
    const good = await fetch(`${proxy.url}/v1/rfi/${RFI}`, { headers: AUTH });
    expect(good.status).toBe(200);
  });
});

describe('a proxy whose upstream cannot be reached', () => {
  it('answers 502 in the error envelope, naming the upstream', async () => {
    const gone = await startMock({ proxy: 'http://127.0.0.1:9' });
    try {
      const answer = await fetch(`${gone.url}/v1/rfi/${RFI}`, { headers: AUTH });
      expect(answer.status).toBe(502);
      expect((await answer.json()).message).toContain('the upstream http://127.0.0.1:9 cannot be reached');
    } finally {
      await gone.stop();
    }
  });

  it('is refused at start when the upstream is no http(s) URL', async () => {
    await expect(startMock({ proxy: 'ftp://example' })).rejects.toThrow('proxy must be an http(s) URL');
  });
});

describe('payments-connect-mock --proxy', () => {
  /**
   * Runs the command as a proxy, sends it a request that breaks the contract, stops it with SIGTERM.
   * @param {string[]} extra
   */
  async function runProxy(extra) {
    const child = spawn(process.execPath, [BIN, '--port', '0', '--proxy', upstreamUrl, ...extra]);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const closed = new Promise((resolve) => child.on('close', (code) => resolve(code)));
    const url = await new Promise((resolve, reject) => {
      child.stdout.on('data', () => {
        const found = /listening on (http:\/\/[^\s,]+)/.exec(output);
        if (found) resolve(found[1]);
      });
      child.on('close', () => reject(new Error(`exited before listening: ${output}`)));
    });
    await fetch(`${url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: 'drift-client', clientSecret: SECRET }),
    }).then((response) => response.text());
    await fetch(`${url}/v1/rfi`, { headers: AUTH }).then((response) => response.text());
    child.kill('SIGTERM');
    return { code: await closed, output };
  }

  it('prints a summary on stop, and exits 1 with --fail-on-violation when an exchange broke the contract', async () => {
    const [plain, failing] = await Promise.all([runProxy([]), runProxy(['--fail-on-violation'])]);
    expect(plain.code).toBe(0);
    expect(plain.output).toContain('proxy summary: 2 exchange(s), 1 violation(s) of the contract');
    expect(plain.output).toContain('listRfiCases: 1 in 1 exchange(s)');
    expect(failing.code).toBe(1);
    for (const { output } of [plain, failing]) {
      expect(output).not.toContain(SECRET);
      expect(output).not.toContain(TOKEN);
    }
  });

  it('refuses --strict without --proxy as a usage error', async () => {
    const child = spawn(process.execPath, [BIN, '--strict']);
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(2);
    expect(stderr).toContain('payments-connect-mock: --strict goes with --proxy');
  });
});
