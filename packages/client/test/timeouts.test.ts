import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PaymentsConnectError, PaymentsConnectTimeoutError } from '../src/index.js';
import { startFaultServer, type FaultServer } from './faultServer.js';
import { clientFor, RFI_ID } from './testClient.js';

let server: FaultServer;
beforeEach(async () => {
  server = await startFaultServer();
});
afterEach(() => server.close());

const CASE = `GET /v1/rfi/${RFI_ID}`;
const SLOW = { status: 200, body: { late: true }, delayMs: 2_000 };
const caseInit = { params: { path: { rfiId: RFI_ID } } };

describe('timeouts and abort signals', () => {
  it('throws PaymentsConnectTimeoutError when no response headers come within timeoutMs', async () => {
    server.queue(CASE, SLOW);
    const client = clientFor(server, { timeoutMs: 100, retry: false });
    const started = performance.now();
    const failure = await client.GET('/v1/rfi/{rfiId}', caseInit).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentsConnectTimeoutError);
    expect(failure).toBeInstanceOf(PaymentsConnectError);
    expect((failure as Error).message).toBe(`GET ${server.url}/v1/rfi/${RFI_ID} timed out after 100 ms`);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(server.apiRequests()).toHaveLength(1);
  });

  it('retries a timed-out request that is safe to repeat', async () => {
    server.queue(CASE, SLOW);
    const { data } = await clientFor(server, { timeoutMs: 150 }).GET('/v1/rfi/{rfiId}', caseInit);
    expect(data).toMatchObject({ ok: true });
    expect(server.apiRequests()).toHaveLength(2);
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
    const started = performance.now();
    const failure = await client
      .GET('/v1/rfi/{rfiId}', { ...caseInit, signal: AbortSignal.timeout(100) })
      .catch((error: unknown) => error);
    expect((failure as DOMException).name).toBe('TimeoutError'); // the signal's own reason, not ours
    expect(failure).not.toBeInstanceOf(PaymentsConnectTimeoutError);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(server.apiRequests()).toHaveLength(1);
  });

  it('aborts a call waiting in backoff', async () => {
    server.queue(CASE, { status: 503, headers: { 'Retry-After': '30' } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('shutting down')), 100);
    await expect(clientFor(server).GET('/v1/rfi/{rfiId}', { ...caseInit, signal: controller.signal })).rejects.toThrow(
      'shutting down',
    );
    expect(server.apiRequests()).toHaveLength(1);
  });

  it('aborts a call waiting for the shared token request, which goes on for the others', async () => {
    server.token.delayMs = 300;
    const client = clientFor(server);
    const controller = new AbortController();
    const aborted = client.GET('/v1/rfi/{rfiId}', { ...caseInit, signal: controller.signal });
    const patient = client.GET('/v1/rfi/{rfiId}', caseInit);
    setTimeout(() => controller.abort(new Error('caller gave up')), 50);
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
