// The mock under hostile input, over real sockets: every request no well-behaved client sends gets a documented
// status in the error envelope (or Node's own parser refusal), nothing it is sent kills it or leaks, and it answers
// the next request every time.

import { fileURLToPath } from 'node:url';
import { dropUploads, pipelined, slowHeaders } from '@payments-connect/hostile-input/abusive-clients';
import { HOSTILE_REQUESTS } from '@payments-connect/hostile-input/hostile-requests';
import { sendRaw } from '@payments-connect/hostile-input/raw-exchange';
import { startServerProcess } from '@payments-connect/hostile-input/server-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, startMock } from '../src/index.js';

const CREDENTIALS = {
  authorization: 'Bearer hostile-test',
  accountId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  rfiId: '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f',
  questionId: '6b1c5a7f-8c9d-4e0f-9a1b-2c3d4e5f6071',
};
const AUTH = { Authorization: CREDENTIALS.authorization, AccountId: CREDENTIALS.accountId };
const BIN = fileURLToPath(new URL('../bin/payments-connect-mock.js', import.meta.url));
/** Short enough for a test, long enough for a loaded machine to send a well-formed request in time. */
const TIMEOUTS = { headersMs: 1_500, requestMs: 3_000, keepAliveMs: 1_000 };

/** @type {import('../src/index.js').RunningMock} */
let mock;
let host = '';
beforeAll(async () => {
  mock = await startMock({ timeouts: TIMEOUTS });
  host = new URL(mock.url).host;
});
afterAll(() => mock?.stop());

/** The mock (this process's, unless another URL is named) still answers a well-formed request. */
async function stillAnswers(url = mock.url) {
  const response = await fetch(`${url}/v1/rfi`, { headers: AUTH });
  expect(response.status).toBe(200);
}

describe('hostile requests', () => {
  it.for(HOSTILE_REQUESTS.map((request) => /** @type {const} */ ([request.name, request])))(
    '%s',
    async ([, { bytes, statuses, envelope }]) => {
      const answer = await sendRaw(mock.url, bytes(host, CREDENTIALS));
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

  it('a HEAD answers 405 with the envelope headers and Allow, and no body', async () => {
    const answer = await sendRaw(mock.url, `HEAD /v1/rfi HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatchObject({ status: 405, body: '' });
    expect(answer.headers).toMatchObject({ 'content-type': 'application/json', allow: 'GET' });
  });

  it('a body over the limit is refused without reading it, and the connection is closed', async () => {
    const response = await fetch(`${mock.url}/v1/rfi/${CREDENTIALS.rfiId}/responses`, {
      method: 'PUT',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ answers: [], padding: 'x'.repeat(MAX_BODY_BYTES) }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: `body is larger than the ${MAX_BODY_BYTES} bytes accepted`,
    });
    expect(response.headers.get('connection')).toBe('close');
    await stillAnswers();
  });

  it('answers pipelined requests in order on one connection', async () => {
    const get = (/** @type {string} */ path) =>
      `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: ${CREDENTIALS.authorization}\r\n` +
      `AccountId: ${CREDENTIALS.accountId}\r\n\r\n`;
    expect(
      await pipelined(mock.url, [get('/v1/rfi'), get('/v1/nothing'), get(`/v1/rfi/${CREDENTIALS.rfiId}`)]),
    ).toEqual([200, 404, 200]);
  });

  it('lets any page read its answers, never with credentials', async () => {
    const preflight = await fetch(`${mock.url}/v1/rfi`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://elsewhere.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization,accountid',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const answer = await fetch(`${mock.url}/v1/rfi`, { headers: { ...AUTH, Origin: 'https://elsewhere.example' } });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

// Each of these sends thousands of connections or hundreds of megabytes: seconds, not milliseconds, on a busy machine.
describe('abusive clients', { timeout: 60_000 }, () => {
  it('a slowloris client is cut off at the header timeout, and others are served meanwhile', async () => {
    const slow = slowHeaders(mock.url, { intervalMs: 200, giveUpMs: TIMEOUTS.headersMs * 6 });
    await stillAnswers();
    const { closedByServer, afterMs } = await slow;
    expect(closedByServer).toBe(true);
    expect(afterMs).toBeLessThan(TIMEOUTS.headersMs * 5);
  });

  // Measured on a mock process of its own (its command), so that the clients' memory is not counted as the mock's.
  /** @type {import('@payments-connect/hostile-input/server-process').ServerProcess} */
  let server;
  beforeAll(async () => {
    server = await startServerProcess(BIN, ['--port', '0']);
  });
  afterAll(() => server?.stop());

  it('1,000 dropped uploads leave no socket and no memory behind', async () => {
    await stillAnswers(server.url);
    const before = server.stats();
    const serverHost = new URL(server.url).host;
    const head = (/** @type {number} */ declaredBytes) =>
      `PUT /v1/rfi/${CREDENTIALS.rfiId}/responses HTTP/1.1\r\nHost: ${serverHost}\r\n` +
      `Authorization: ${CREDENTIALS.authorization}\r\nAccountId: ${CREDENTIALS.accountId}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${declaredBytes}\r\n\r\n`;
    await dropUploads(server.url, { count: 1_000, head, declaredBytes: 1_000_000, sentBytes: 64 * 1024 });
    await stillAnswers(server.url);
    // Sockets close as their drops are noticed; give the mock a bounded moment to see the last ones.
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
        fetch(`${server.url}/v1/rfi/${CREDENTIALS.rfiId}/responses`, {
          method: 'PUT',
          headers: { AccountId: CREDENTIALS.accountId, 'content-type': 'application/json' },
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
    await stillAnswers(server.url);
    expect(server.stats().rssBytes - before.rssBytes).toBeLessThan(64 * 1024 * 1024);
  });
});
