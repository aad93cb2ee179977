import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentsConnectAuthenticationError } from '../src/index.js';
import { type FaultServer, startFaultServer } from './fault-server.js';
import { CLIENT_ID, CLIENT_SECRET, clientFor, getCase, RFI_ID } from './test-client.js';

let server: FaultServer;
beforeEach(async () => {
  server = await startFaultServer();
});
afterEach(() => {
  vi.useRealTimers();
  return server.close();
});

describe('token exchange', () => {
  it('makes exactly one token request for parallel first calls', async () => {
    server.token.delayMs = 50;
    const client = clientFor(server);
    const results = await Promise.all(Array.from({ length: 8 }, () => getCase(client)));
    expect(results.map(({ response }) => response.status)).toEqual(Array(8).fill(200));
    expect(server.tokenRequests()).toHaveLength(1);
    expect(new Set(server.apiRequests().map((request) => request.headers.authorization))).toEqual(
      new Set(['Bearer token-1']),
    );
  });

  it('reuses the cached token', async () => {
    const client = clientFor(server);
    await getCase(client);
    await getCase(client);
    await getCase(client);
    expect(server.tokenRequests()).toHaveLength(1);
  });

  it('sends the credentials as JSON, without bearer and without AccountId', async () => {
    await getCase(clientFor(server));
    const [tokenRequest] = server.tokenRequests();
    expect(tokenRequest!.method).toBe('POST');
    expect(tokenRequest!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(tokenRequest!.body.toString())).toEqual({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    expect(tokenRequest!.headers.authorization).toBeUndefined();
    expect(tokenRequest!.headers.accountid).toBeUndefined();
  });

  it('renews the token shortly before expires_in runs out', async () => {
    // The clock stands still (Date only: timers and sockets stay real), so that a loaded machine cannot spend the
    // token's 0.9 s on the first calls.
    vi.useFakeTimers({ toFake: ['Date'] });
    server.token.expiresIn = 1; // renewed after 0.9 s: the margin is at most 10% of the lifetime
    const client = clientFor(server);
    await getCase(client);
    await getCase(client);
    vi.advanceTimersByTime(899);
    await getCase(client);
    expect(server.tokenRequests()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await getCase(client);
    expect(server.tokenRequests()).toHaveLength(2);
    expect(server.apiRequests().at(-1)!.headers.authorization).toBe('Bearer token-2');
  });

  it('answers a 401 with one refresh and one replay', async () => {
    const client = clientFor(server);
    await getCase(client);
    server.revokeTokens();
    const { data, response } = await getCase(client);
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ ok: true });
    expect(server.tokenRequests()).toHaveLength(2);
    expect(server.apiRequests().map((request) => request.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('never loops on 401: after the one refresh, the 401 is the answer', async () => {
    const client = clientFor(server);
    const unauthorized = { status: 401, body: { code: 'UNAUTHORIZED', message: 'no' } };
    server.queue(`GET /v1/rfi/${RFI_ID}`, unauthorized, unauthorized, unauthorized, unauthorized);
    const { error, response } = await getCase(client);
    expect(response.status).toBe(401);
    expect(error).toEqual(unauthorized.body);
    expect(server.apiRequests()).toHaveLength(2);
    expect(server.tokenRequests()).toHaveLength(2);
  });

  it('shares one refresh between concurrent calls refused with the same token', async () => {
    const client = clientFor(server);
    await getCase(client);
    server.revokeTokens();
    server.token.delayMs = 30;
    const results = await Promise.all(Array.from({ length: 5 }, () => getCase(client)));
    expect(results.every(({ response }) => response.status === 200)).toBe(true);
    expect(server.tokenRequests()).toHaveLength(2);
  });

  it('retries the token request itself on 503, since it only mints a token', async () => {
    server.queueToken({ status: 503 }, { reset: true });
    const { response } = await getCase(clientFor(server));
    expect(response.status).toBe(200);
    expect(server.tokenRequests()).toHaveLength(3);
  });

  it('throws PaymentsConnectAuthenticationError when the credentials are refused, sending nothing else', async () => {
    server.queueToken({ status: 401, body: { code: 'UNAUTHORIZED', message: 'unknown client' } });
    const failure = await getCase(clientFor(server)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentsConnectAuthenticationError);
    expect((failure as PaymentsConnectAuthenticationError).status).toBe(401);
    expect(server.tokenRequests()).toHaveLength(1);
    expect(server.apiRequests()).toHaveLength(0);
  });

  it('tries a new token request on the next call after a refused one', async () => {
    server.queueToken({ status: 400, body: { code: 'VALIDATION_FAILED', message: 'bad' } });
    const client = clientFor(server);
    await expect(getCase(client)).rejects.toBeInstanceOf(PaymentsConnectAuthenticationError);
    const { response } = await getCase(client);
    expect(response.status).toBe(200);
    expect(server.tokenRequests()).toHaveLength(2);
  });
});
