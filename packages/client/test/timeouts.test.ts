import { getEventListeners } from 'node:events';
import { setTimeout as realDelay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentsConnectError, PaymentsConnectTimeoutError } from '../src/index.js';
import { type FaultServer, startFaultServer } from './fault-server.js';
import { clientFor, RFI_ID } from './test-client.js';

let server: FaultServer;
beforeEach(async () => {
  server = await startFaultServer();
});
afterEach(() => {
  vi.useRealTimers();
  return server.close();
});

const CASE = `GET /v1/rfi/${RFI_ID}`;
// The client's timeout also bounds the warm-up token exchange, which a loaded machine (the whole `npm test` on 2
// cores) has been seen to take over 500 ms to serve: 30 s leaves it a margin of 60 times that. The tests that wait a
// timeout out fake the timers rather than wait 30 s, so their verdict is the timer's, not the machine's.
const TIMEOUT_MS = 30_000;
const SLOW = { status: 200, body: { late: true }, delayMs: 4 * TIMEOUT_MS };
const caseInit = { params: { path: { rfiId: RFI_ID } } };

/**
 * Fakes `setTimeout` and `clearTimeout` only: the client's timeout and backoff, and the server's delays, then move
 * with `vi.advanceTimersByTimeAsync`, while sockets, promises and node:timers/promises keep real time.
 */
const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

/**
 * Waits in real time, sockets and promises moving on, until `done()` holds: every 5 ms, at most 2,000 times (10 s).
 * With `advanceMs`, also moves the faked clock that far each time.
 */
async function until(done: () => boolean, advanceMs = 0) {
  for (let poll = 0; poll < 2_000 && !done(); poll++) {
    if (advanceMs) await vi.advanceTimersByTimeAsync(advanceMs);
    await realDelay(5);
  }
  expect(done()).toBe(true);
}

describe('timeouts and abort signals', () => {
  // The client timeout also covers the token request: each test warms the token first, so that a loaded CI
  // machine cannot time out the token exchange instead of the call under test.
  it('throws PaymentsConnectTimeoutError when no response headers come within timeoutMs', async () => {
    const client = clientFor(server, { timeoutMs: TIMEOUT_MS, retry: false });
    await client.GET('/v1/rfi/{rfiId}', caseInit);
    fakeTimers();
    server.queue(CASE, SLOW);
    let settled = false;
    const call = client
      .GET('/v1/rfi/{rfiId}', caseInit)
      .catch((error: unknown) => error)
      .finally(() => (settled = true));
    await until(() => server.apiRequests().length === 2);
    // A millisecond short of the timeout, with real time to settle if it had fired, the call is still waiting.
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    await realDelay(50);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const failure = await call;
    expect(failure).toBeInstanceOf(PaymentsConnectTimeoutError);
    expect(failure).toBeInstanceOf(PaymentsConnectError);
    expect((failure as Error).message).toBe(`GET ${server.url}/v1/rfi/${RFI_ID} timed out after ${TIMEOUT_MS} ms`);
    expect(server.apiRequests()).toHaveLength(2);
  });

  it('retries a timed-out request that is safe to repeat', async () => {
    const client = clientFor(server, { timeoutMs: TIMEOUT_MS });
    await client.GET('/v1/rfi/{rfiId}', caseInit);
    fakeTimers();
    server.queue(CASE, SLOW);
    let data: unknown;
    void client.GET('/v1/rfi/{rfiId}', caseInit).then((result) => (data = result.data));
    await until(() => server.apiRequests().length === 2);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    // The backoff (under 5 ms with the test client) runs on the faked clock too.
    await until(() => data !== undefined, 1);
    expect(data).toMatchObject({ ok: true });
    expect(server.apiRequests()).toHaveLength(3);
  });

  it('takes a per-call timeoutMs over the client one', async () => {
    server.queue(CASE, SLOW);
    const client = clientFor(server, { timeoutMs: 10_000, retry: false });
    await expect(client.GET('/v1/rfi/{rfiId}', { ...caseInit, timeoutMs: 100 })).rejects.toThrow(
      'timed out after 100 ms',
    );
  });

  it('stops at once, without retrying, when the call signal aborts', async () => {
    server.queue(CASE, SLOW, SLOW);
    const client = clientFor(server);
    const controller = new AbortController();
    const call = client
      .GET('/v1/rfi/{rfiId}', { ...caseInit, signal: controller.signal })
      .catch((error: unknown) => error);
    // Abort while the server holds the request, whatever the token exchange cost on a loaded machine.
    await vi.waitFor(() => expect(server.apiRequests()).toHaveLength(1), { timeout: 5_000, interval: 10 });
    const started = performance.now();
    controller.abort(new DOMException('the caller timed out', 'TimeoutError'));
    const failure = await call;
    expect((failure as DOMException).name).toBe('TimeoutError'); // the signal's own reason, not ours
    expect(failure).not.toBeInstanceOf(PaymentsConnectTimeoutError);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(server.apiRequests()).toHaveLength(1);
  });

  it('aborts a call waiting in backoff', async () => {
    server.queue(CASE, { status: 503, headers: { 'Retry-After': '30' } });
    const controller = new AbortController();
    const call = clientFor(server).GET('/v1/rfi/{rfiId}', { ...caseInit, signal: controller.signal });
    // Abort once the 503 has been answered (the client is then waiting out Retry-After), not after a fixed
    // delay that a loaded machine may spend on the token exchange.
    await vi.waitFor(() => expect(server.apiRequests()).toHaveLength(1), { timeout: 5_000, interval: 10 });
    controller.abort(new Error('shutting down'));
    await expect(call).rejects.toThrow('shutting down');
    expect(server.apiRequests()).toHaveLength(1);
  });

  it('aborts a call waiting for the shared token request, which goes on for the others', async () => {
    server.token.delayMs = 300;
    const client = clientFor(server);
    const controller = new AbortController();
    const aborted = client.GET('/v1/rfi/{rfiId}', { ...caseInit, signal: controller.signal });
    const patient = client.GET('/v1/rfi/{rfiId}', caseInit);
    // Abort while the server holds the token request: its 300 ms are 30 times the interval of the wait.
    await vi.waitFor(() => expect(server.tokenRequests()).toHaveLength(1), { timeout: 5_000, interval: 10 });
    controller.abort(new Error('caller gave up'));
    await expect(aborted).rejects.toThrow('caller gave up');
    expect((await patient).response.status).toBe(200);
    expect(server.tokenRequests()).toHaveLength(1);
    expect(server.apiRequests()).toHaveLength(1);
  });

  it('aborts the calls of a client through its own signal', async () => {
    server.queue(CASE, SLOW);
    const controller = new AbortController();
    const client = clientFor(server, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('client closed')), 100);
    await expect(client.GET('/v1/rfi/{rfiId}', caseInit)).rejects.toThrow('client closed');
  });
});

describe('abort signals and their listeners', () => {
  /** A client whose fetch records each Request it is handed (the token request's, then the call's). */
  function recordingClient(options: Parameters<typeof clientFor>[1] = {}) {
    const requests: Request[] = [];
    const client = clientFor(server, {
      ...options,
      fetch: (input, init) => {
        requests.push(input as Request);
        return fetch(input, init);
      },
    });
    return { client, requests };
  }

  it("stops a body still downloading when the call's signal aborts", async () => {
    server.queue(CASE, { status: 200, body: { filler: 'x'.repeat(64 * 1024) }, bodyStallMs: 20_000 });
    let headersCame = false;
    const client = clientFor(server, {
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        headersCame ||= (input as Request).method === 'GET';
        return response;
      },
    });
    const controller = new AbortController();
    const call = client.GET('/v1/rfi/{rfiId}', { ...caseInit, signal: controller.signal }).catch((error) => error);
    // Abort once the headers are in, so that it is the body download that stops.
    await vi.waitFor(() => expect(headersCame).toBe(true), { timeout: 5_000, interval: 10 });
    const started = performance.now();
    controller.abort(new Error('caller gave up'));
    expect(await call).toEqual(new Error('caller gave up'));
    expect(performance.now() - started).toBeLessThan(1_000); // the rest of the body was 20 s away
  });

  it('keeps one listener on the signal of a call, however many attempts it took', async () => {
    server.queue(CASE, { status: 503 }, { reset: true });
    const { client, requests } = recordingClient();
    const { response } = await client.GET('/v1/rfi/{rfiId}', { ...caseInit, signal: new AbortController().signal });
    expect(response.status).toBe(200);
    const [, ...attempts] = requests;
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts).size).toBe(1);
    // The answered attempt's, which stops the body download on abort; it goes with the request.
    expect(getEventListeners(attempts[0]!.signal, 'abort')).toHaveLength(1);
  });

  it('listens to nothing when the call has no signal, its own or the client one', async () => {
    server.queue(CASE, { status: 503 });
    const { client, requests } = recordingClient();
    expect((await client.GET('/v1/rfi/{rfiId}', caseInit)).response.status).toBe(200);
    for (const request of requests) expect(getEventListeners(request.signal, 'abort')).toHaveLength(0);
  });

  it('adds nothing to a long-lived client signal over many calls', async () => {
    const clientSignal = new AbortController().signal;
    const { client, requests } = recordingClient({ signal: clientSignal });
    for (let call = 0; call < 20; call++) await client.GET('/v1/rfi/{rfiId}', caseInit);
    // The Requests follow the client signal (until they are collected); the client's own listeners sit on each
    // request's signal, at most one once the call is over.
    for (const request of requests) expect(getEventListeners(request.signal, 'abort').length).toBeLessThanOrEqual(1);
    expect(getEventListeners(clientSignal, 'abort').length).toBeLessThanOrEqual(requests.length);
  });

  it('follows the call signal through a request that a middleware replaced', async () => {
    const client = clientFor(server);
    await client.GET('/v1/rfi/{rfiId}', caseInit); // the token, so that the signal aborts the call itself
    server.queue(CASE, SLOW);
    client.use({ onRequest: ({ request }) => new Request(request) });
    const started = performance.now();
    const failure = await client
      .GET('/v1/rfi/{rfiId}', { ...caseInit, signal: AbortSignal.timeout(100) })
      .catch((error: unknown) => error);
    expect((failure as DOMException).name).toBe('TimeoutError');
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
