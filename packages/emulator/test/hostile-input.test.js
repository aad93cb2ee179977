// The emulator under hostile input, over real sockets: every request no well-behaved client sends gets a documented
// status in the error envelope (or Node's own parser refusal); nothing kills it or leaks; the control API answers
// only its local caller and cannot break the document's rules; and it answers the next request every time.
import { fileURLToPath } from 'node:url';
import { dropUploads, pipelined, slowHeaders } from '@payments-connect/hostile-input/abusive-clients';
import { HOSTILE_REQUESTS } from '@payments-connect/hostile-input/hostile-requests';
import { sendRaw } from '@payments-connect/hostile-input/raw-exchange';
import { startServerProcess } from '@payments-connect/hostile-input/server-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONTROL_BODY_BYTES, MAX_CONTROL_ITEMS, MAX_REQUEST_BODY_BYTES } from '../src/defaults.js';
import { startEmulator } from '../src/index.js';

const BIN = fileURLToPath(new URL('../bin/payments-connect-emulator.js', import.meta.url));
/** Short enough for a test, long enough for a loaded machine to send a well-formed request in time. */
const TIMEOUTS = { headersMs: 1_500, requestMs: 3_000, keepAliveMs: 1_000 };
const JSON_TYPE = { 'content-type': 'application/json' };

/** @type {import('../src/index.js').Emulator} */
let emulator;
let host = '';
/** @type {import('@payments-connect/hostile-input/hostile-requests').Credentials} */
let credentials;

/** @param {string} url */
async function tokenFrom(url) {
  const response = await fetch(`${url}/auth/token`, {
    method: 'POST',
    headers: JSON_TYPE,
    body: JSON.stringify(emulator.credentials),
  });
  return `Bearer ${(await response.json()).access_token}`;
}

beforeAll(async () => {
  emulator = await startEmulator({ timeouts: TIMEOUTS });
  host = new URL(emulator.url).host;
  credentials = {
    authorization: await tokenFrom(emulator.url),
    accountId: emulator.accounts.primary.accountId,
    rfiId: emulator.fixtures.openRfiId,
    questionId: emulator.fixtures.openQuestionId,
  };
});
afterAll(() => emulator?.stop());

const auth = () => ({ Authorization: credentials.authorization, AccountId: credentials.accountId });

/** The emulator (this process's, unless another URL and token are named) still answers a well-formed request. */
/** @param {string} [url] @param {Record<string, string>} [headers] */
async function stillAnswers(url = emulator.url, headers = auth()) {
  const response = await fetch(`${url}/v1/rfi`, { headers });
  expect(response.status).toBe(200);
}

/**
 * @param {string} method
 * @param {string} path under /_emulator
 * @param {{ body?: string, headers?: Record<string, string> }} [init]
 */
function control(method, path, { body, headers = JSON_TYPE } = {}) {
  return fetch(`${emulator.url}/_emulator${path}`, { method, headers, body });
}

describe('hostile requests', () => {
  it.for(HOSTILE_REQUESTS.map((request) => /** @type {const} */ ([request.name, request])))(
    '%s',
    async ([, { bytes, statuses, envelope }]) => {
      const answer = await sendRaw(emulator.url, bytes(host, credentials));
      expect(statuses).toContain(answer.status);
      if (envelope && answer.status !== 0) {
        expect(answer.headers['content-type']).toBe('application/json');
        expect(JSON.parse(answer.body)).toEqual(
          expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
        );
      }
      await stillAnswers();
    },
  );

  it('a write of JSON nested 5,000 deep is refused and keeps nothing: the case still reads', async () => {
    const path = `/v1/rfi/${credentials.rfiId}`;
    const before = await (await fetch(`${emulator.url}${path}`, { headers: auth() })).json();
    const answer = await fetch(`${emulator.url}${path}/questions/${credentials.questionId}/answer`, {
      method: 'PUT',
      headers: { ...auth(), ...JSON_TYPE },
      body: `{"answer":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    });
    expect(answer.status).toBe(400);
    const after = await fetch(`${emulator.url}${path}`, { headers: auth() });
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual(before);
  });

  it(`a body over ${MAX_REQUEST_BODY_BYTES} bytes is refused unread, and the connection closed`, async () => {
    const response = await fetch(`${emulator.url}/v1/rfi/${credentials.rfiId}/responses`, {
      method: 'PUT',
      headers: { ...auth(), ...JSON_TYPE },
      body: JSON.stringify({ answers: [], padding: 'x'.repeat(MAX_REQUEST_BODY_BYTES) }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('connection')).toBe('close');
    await stillAnswers();
  });

  it('answers pipelined requests in order on one connection', async () => {
    const get = (/** @type {string} */ path) =>
      `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: ${credentials.authorization}\r\n` +
      `AccountId: ${credentials.accountId}\r\n\r\n`;
    const answers = await pipelined(emulator.url, [
      get('/v1/rfi'),
      get('/v1/nothing'),
      get(`/v1/rfi/${credentials.rfiId}`),
    ]);
    expect(answers).toEqual([200, 404, 200]);
  });
});

describe('the control API', () => {
  it('refuses a foreign Origin and a foreign Host, and never hands them the secret', async () => {
    const fromPage = await control('GET', '', { headers: { Origin: 'https://evil.example' } });
    expect(fromPage.status).toBe(403);
    const rebound = await sendRaw(
      emulator.url,
      'GET /_emulator HTTP/1.1\r\nHost: evil.example:80\r\nConnection: close\r\n\r\n',
    );
    expect(rebound.status).toBe(403);
    for (const body of [await fromPage.text(), rebound.body])
      expect(body).not.toContain(emulator.credentials.clientSecret);
    const own = await control('GET', '', { headers: { Origin: `http://${host}` } });
    expect(own.status).toBe(200);
    expect((await own.json()).credentials.clientSecret).toBe(emulator.credentials.clientSecret);
  });

  it('takes JSON bodies only: the text a page may POST without asking is refused', async () => {
    const text = await control('POST', '/reset', { body: '{}', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    const form = await control('POST', '/reset', {
      body: 'a=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });

  it('refuses sizes past its limits, at once', async () => {
    const started = performance.now();
    const huge = await control('POST', '/rfi-cases', { body: JSON.stringify({ questions: 10_000_000 }) });
    expect(huge.status).toBe(400);
    expect((await huge.json()).message).toContain(`at most ${MAX_CONTROL_ITEMS} items`);
    expect(performance.now() - started).toBeLessThan(2_000);
    const big = await control('POST', '/rfi-cases', {
      body: JSON.stringify({ padding: 'x'.repeat(MAX_CONTROL_BODY_BYTES) }),
    });
    expect(big.status).toBe(400);
    await stillAnswers();
  });

  it('validates statuses: an unknown case status, a fault status that is no error', async () => {
    expect((await control('POST', '/rfi-cases', { body: '{"status":"closed"}' })).status).toBe(400);
    expect((await control('POST', '/payment-requests', { body: '{"status":"paid "}' })).status).toBe(400);
    for (const status of [102, 200, 302, 600]) {
      const fault = await control('POST', '/faults', { body: JSON.stringify({ operationId: 'listRfiCases', status }) });
      expect(fault.status, String(status)).toBe(400);
    }
  });

  it('cannot change a terminal case: approving an item of a CLOSED case is refused and changes nothing', async () => {
    const { closedRfiId, closedQuestionId } = emulator.fixtures;
    const before = emulator.control.events().length;
    const approve = await control('POST', `/rfi-cases/${closedRfiId}/questions/${closedQuestionId}/approve`);
    expect(approve.status).toBe(409);
    const read = await fetch(`${emulator.url}/v1/rfi/${closedRfiId}`, { headers: auth() });
    expect((await read.json()).status).toBe('CLOSED');
    expect(emulator.control.events()).toHaveLength(before);
  });

  it('an injected fault answers only callers the service would have answered (after the bearer check)', async () => {
    await control('POST', '/faults', { body: JSON.stringify({ operationId: 'listRfiCases', status: 503 }) });
    const anonymous = await fetch(`${emulator.url}/v1/rfi`, { headers: { AccountId: credentials.accountId } });
    expect(anonymous.status).toBe(401);
    const unknownToken = await fetch(`${emulator.url}/v1/rfi`, {
      headers: { Authorization: 'Bearer not-issued', AccountId: credentials.accountId },
    });
    expect(unknownToken.status).toBe(401);
    expect((await fetch(`${emulator.url}/v1/rfi`, { headers: auth() })).status).toBe(503);
    await stillAnswers();
  });
});

// Each of these sends thousands of connections or hundreds of megabytes: seconds, not milliseconds, on a busy machine.
describe('abusive clients', { timeout: 60_000 }, () => {
  it('a slowloris client is cut off at the header timeout, and others are served meanwhile', async () => {
    const slow = slowHeaders(emulator.url, { intervalMs: 200, giveUpMs: TIMEOUTS.headersMs * 6 });
    await stillAnswers();
    const { closedByServer, afterMs } = await slow;
    expect(closedByServer).toBe(true);
    expect(afterMs).toBeLessThan(TIMEOUTS.headersMs * 5);
  });

  // Measured on an emulator process of its own (its command), so that the clients' memory is not counted.
  /** @type {import('@payments-connect/hostile-input/server-process').ServerProcess} */
  let server;
  /** @type {Record<string, string>} */
  let serverAuth;
  beforeAll(async () => {
    server = await startServerProcess(BIN, ['--port', '0']);
    const described = await (await fetch(`${server.url}/_emulator`)).json();
    const token = await fetch(`${server.url}/auth/token`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify(described.credentials),
    });
    serverAuth = {
      Authorization: `Bearer ${(await token.json()).access_token}`,
      AccountId: described.accounts.primary.accountId,
    };
  });
  afterAll(() => server?.stop());

  it('1,000 dropped uploads leave no socket and no memory behind', async () => {
    await stillAnswers(server.url, serverAuth);
    const before = server.stats();
    const serverHost = new URL(server.url).host;
    const head = (/** @type {number} */ declaredBytes) =>
      `PUT /v1/rfi/${emulator.fixtures.openRfiId}/responses HTTP/1.1\r\nHost: ${serverHost}\r\n` +
      `Authorization: ${serverAuth.Authorization}\r\nAccountId: ${serverAuth.AccountId}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${declaredBytes}\r\n\r\n`;
    await dropUploads(server.url, { count: 1_000, head, declaredBytes: 1_000_000, sentBytes: 64 * 1024 });
    await stillAnswers(server.url, serverAuth);
    for (let wait = 0; wait < 20 && server.stats().fds > before.fds + 10; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const after = server.stats();
    // A leak of the dropped connections would show in the hundreds; a few are the test's own keep-alive sockets.
    expect(after.fds).toBeLessThanOrEqual(before.fds + 10);
    expect(after.rssBytes - before.rssBytes).toBeLessThan(64 * 1024 * 1024);
  });

  it('50 unauthenticated 9.5 MB uploads are refused before their bodies are read', async () => {
    const before = server.stats();
    const body = 'x'.repeat(9.5 * 1024 * 1024);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${server.url}/v1/rfi/${emulator.fixtures.openRfiId}/responses`, {
          method: 'PUT',
          headers: { AccountId: serverAuth.AccountId ?? '', ...JSON_TYPE },
          body,
        }).then(
          (response) => response.status,
          () => 0,
        ),
      ),
    );
    // 401 before the body; on a busy machine a client slower than a timeout gets Node's 408, or the connection
    // closes under a body the server will not read. Never an answer that read the body.
    expect(answers.filter((status) => ![401, 408, 0].includes(status))).toEqual([]);
    expect(answers.filter((status) => status === 401).length).toBeGreaterThan(0);
    await stillAnswers(server.url, serverAuth);
    expect(server.stats().rssBytes - before.rssBytes).toBeLessThan(64 * 1024 * 1024);
  });
});
