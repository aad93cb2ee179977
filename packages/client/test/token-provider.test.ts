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

describe('a token request that gives no token', () => {
  /** The error of the first call of a client, which the refused token request stopped. */
  async function failureOf(client: ReturnType<typeof clientFor>) {
    const failure = await getCase(client).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentsConnectAuthenticationError);
    return failure as PaymentsConnectAuthenticationError;
  }

  it("names the token URL and the server's code and message: wrong credentials", async () => {
    const refusal = { code: 'UNAUTHORIZED', message: 'clientId or clientSecret is not recognised' };
    server.queueToken({ status: 401, body: refusal });
    const failure = await failureOf(clientFor(server));
    expect(failure.message).toBe(
      `Token request to ${server.url}/auth/token refused: HTTP 401 UNAUTHORIZED: ` +
        'clientId or clientSecret is not recognised',
    );
    expect(failure).toMatchObject({
      name: 'PaymentsConnectAuthenticationError',
      status: 401,
      tokenUrl: `${server.url}/auth/token`,
      code: 'UNAUTHORIZED',
      serverMessage: 'clientId or clientSecret is not recognised',
    });
    expect(server.apiRequests()).toHaveLength(0);
  });

  it('says that baseUrl is probably wrong on a 404, as when it ends in /v1', async () => {
    // The server has no /v1/auth/token: its token path is at its root.
    server.queue('POST /v1/auth/token', {
      status: 404,
      body: { code: 'NOT_FOUND', message: 'no operation at /v1/auth/token' },
    });
    const failure = await failureOf(clientFor(server, { baseUrl: `${server.url}/v1` }));
    expect(failure.message).toBe(
      `Token request to ${server.url}/v1/auth/token refused: HTTP 404 NOT_FOUND: no operation at /v1/auth/token ` +
        '(baseUrl is probably wrong: it should be the server root, where /auth/token is, without /v1)',
    );
    expect(failure).toMatchObject({ status: 404, tokenUrl: `${server.url}/v1/auth/token`, code: 'NOT_FOUND' });
    expect(server.requests.map((request) => request.url)).toEqual(['/v1/auth/token']);
  });

  it('gives the status alone when the body is no error envelope', async () => {
    server.queueToken({ status: 404 }, { status: 502, body: null }, { status: 400, body: ['not', 'an envelope'] });
    const withoutRetries = clientFor(server, { retry: false });
    expect((await failureOf(withoutRetries)).message).toBe(
      `Token request to ${server.url}/auth/token refused: HTTP 404 ` +
        '(baseUrl is probably wrong: it should be the server root, where /auth/token is, without /v1)',
    );
    expect((await failureOf(withoutRetries)).message).toBe(
      `Token request to ${server.url}/auth/token refused: HTTP 502`,
    );
    const failure = await failureOf(withoutRetries);
    expect(failure.message).toBe(`Token request to ${server.url}/auth/token refused: HTTP 400`);
    expect(failure.code).toBeUndefined();
    expect(failure.serverMessage).toBeUndefined();
  });

  it('still takes the status alone, as in 1.0 (a consumer may build one in its tests)', () => {
    const failure = new PaymentsConnectAuthenticationError(401);
    expect(failure.message).toBe('Token request refused: HTTP 401');
    expect(failure).toMatchObject({ status: 401, tokenUrl: undefined, code: undefined, serverMessage: undefined });
  });

  it('says so when a success carries no access_token', async () => {
    server.queueToken({ status: 200, body: { token: 'in another field' } });
    const failure = await failureOf(clientFor(server));
    expect(failure.message).toBe(`Token request to ${server.url}/auth/token gave no access_token: HTTP 200`);
    expect(failure.status).toBe(200);
  });
});

describe('client.getToken()', () => {
  const NOW = Date.parse('2025-06-02T10:00:00Z');
  // The clock stands still (Date only: timers and sockets stay real), so that expiresAt is exact.
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });

  it('gets a token before any call, which the calls then use', async () => {
    const client = clientFor(server);
    expect(await client.getToken()).toEqual({ accessToken: 'token-1', expiresAt: new Date(NOW + 3_600_000) });
    expect(server.requests.map((request) => request.url)).toEqual(['/auth/token']);
    await getCase(client);
    expect(await client.getToken()).toEqual({ accessToken: 'token-1', expiresAt: new Date(NOW + 3_600_000) });
    expect(server.tokenRequests()).toHaveLength(1);
    expect(server.apiRequests()[0]!.headers.authorization).toBe('Bearer token-1');
  });

  it('renews a token about to expire, as a call would', async () => {
    server.token.expiresIn = 1;
    const client = clientFor(server);
    expect((await client.getToken()).accessToken).toBe('token-1');
    vi.advanceTimersByTime(900);
    expect(await client.getToken()).toEqual({ accessToken: 'token-2', expiresAt: new Date(NOW + 1_900) });
  });

  it('gives no expiresAt when the server gave no usable expires_in', async () => {
    server.queueToken({ status: 200, body: { access_token: 'lifelong', token_type: 'Bearer' } });
    expect(await clientFor(server).getToken()).toEqual({ accessToken: 'lifelong', expiresAt: undefined });
  });

  it('throws the error a call would, so that a service can stop at start-up', async () => {
    server.queueToken({
      status: 401,
      body: { code: 'UNAUTHORIZED', message: 'clientId or clientSecret is not recognised' },
    });
    await expect(clientFor(server).getToken()).rejects.toThrow(
      new PaymentsConnectAuthenticationError(
        401,
        `${server.url}/auth/token`,
        'UNAUTHORIZED',
        'clientId or clientSecret is not recognised',
      ),
    );
  });

  it('stops waiting when its signal aborts; the token request goes on for the calls', async () => {
    server.token.delayMs = 300;
    const client = clientFor(server);
    const controller = new AbortController();
    const waiting = client.getToken({ signal: controller.signal });
    const call = getCase(client);
    // Abort while the server holds the token request: its 300 ms are 30 times the interval of the wait.
    await vi.waitFor(() => expect(server.tokenRequests()).toHaveLength(1), { timeout: 5_000, interval: 10 });
    controller.abort(new Error('start-up cancelled'));
    await expect(waiting).rejects.toThrow('start-up cancelled');
    expect((await call).response.status).toBe(200);
    expect(server.tokenRequests()).toHaveLength(1);
  });
});
