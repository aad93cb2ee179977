import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPaymentsConnectClient, PaymentsConnectAuthenticationError, PaymentsConnectError } from '../src/index.js';
import { type FaultServer, startFaultServer } from './fault-server.js';
import { CLIENT_ID, CLIENT_SECRET, clientFor, getCase, RFI_ID } from './test-client.js';

/** Every way an error or the client could be printed, logged or serialised. */
function renderings(value: unknown): string[] {
  const error = value as Error;
  return [
    String(value),
    inspect(value, { depth: Infinity, showHidden: true }),
    JSON.stringify(value) ?? '',
    error?.stack ?? '',
    error?.message ?? '',
  ];
}

describe('the client secret', () => {
  let server: FaultServer;
  beforeEach(async () => {
    server = await startFaultServer();
  });
  afterEach(() => server.close());

  it('never appears in the errors of failed token requests, even when the server echoes it', async () => {
    const echo = {
      code: `BAD_${CLIENT_SECRET}`,
      message: `unknown secret ${CLIENT_SECRET}`,
      details: { CLIENT_SECRET },
    };
    server.queueToken({ status: 401, body: echo });
    server.queueToken({ reset: true }, { reset: true }, { reset: true });
    server.queueToken({ status: 200, body: { access_token: 'x', expires_in: 60 }, delayMs: 500 });
    const failures = [
      await getCase(clientFor(server)).catch((error: unknown) => error),
      await getCase(clientFor(server)).catch((error: unknown) => error),
      await getCase(clientFor(server, { timeoutMs: 50, retry: false })).catch((error: unknown) => error),
    ];
    expect(failures.map((failure) => (failure as Error).name)).toEqual([
      'PaymentsConnectAuthenticationError',
      'PaymentsConnectConnectionError',
      'PaymentsConnectTimeoutError',
    ]);
    for (const failure of failures) {
      for (const text of renderings(failure)) expect(text).not.toContain(CLIENT_SECRET);
    }
  });

  it('is [redacted] in the code and message kept from a token endpoint that echoes it, the rest dropped', async () => {
    server.queueToken({
      status: 401,
      body: { code: `BAD_${CLIENT_SECRET}`, message: `unknown secret ${CLIENT_SECRET}`, details: { CLIENT_SECRET } },
    });
    const failure = await getCase(clientFor(server)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentsConnectAuthenticationError);
    expect((failure as Error).message).toBe(
      `Token request to ${server.url}/auth/token refused: HTTP 401 BAD_[redacted]: unknown secret [redacted]`,
    );
    expect({ ...(failure as object) }).toEqual({
      name: 'PaymentsConnectAuthenticationError',
      status: 401,
      tokenUrl: `${server.url}/auth/token`,
      code: 'BAD_[redacted]',
      serverMessage: 'unknown secret [redacted]',
    });
  });

  it.each([
    ['client', 'clientId or clientSecret is not recognised', 'clientId or clientSecret is not recognised'],
    ['s', 'the upstream refused its credentials', 'the upstream refused its credentials'],
    [
      'client',
      'secret "client" refused; client is not a secret',
      'secret "[redacted]" refused; [redacted] is not a secret',
    ],
    ['s', "secret 's' refused (s)", "secret '[redacted]' refused ([redacted])"],
    ['client', 'client', '[redacted]'],
    ['s', 'BAD_s', 'BAD_[redacted]'],
    ['$(s3.cr[3]t)*', 'got $(s3.cr[3]t)*, s3.cr3t', 'got [redacted], s3.cr3t'],
    ['é', 'clé "é"', 'clé "[redacted]"'],
  ])('with the secret %j, is [redacted] only where it stands as a value: %j', async (secret, echoed, kept) => {
    server.queueToken({ status: 401, body: { code: 'UNAUTHORIZED', message: echoed } });
    const failure = await getCase(clientFor(server, { clientSecret: secret })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentsConnectAuthenticationError);
    expect((failure as PaymentsConnectAuthenticationError).serverMessage).toBe(kept);
  });

  it('never appears in what getToken gives', async () => {
    const token = await clientFor(server).getToken();
    for (const text of renderings(token)) expect(text).not.toContain(CLIENT_SECRET);
  });

  it('never appears in the errors of API calls', async () => {
    server.queue(`GET /v1/rfi/${RFI_ID}`, { reset: true }, { reset: true }, { reset: true });
    const failure = await getCase(clientFor(server)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentsConnectError);
    for (const text of renderings(failure)) expect(text).not.toContain(CLIENT_SECRET);
  });

  it("never appears in the client's string, JSON or inspect forms", async () => {
    const client = clientFor(server);
    await getCase(client); // with a token cached
    for (const text of renderings(client)) expect(text).not.toContain(CLIENT_SECRET);
    expect(JSON.parse(JSON.stringify(client))).toEqual({ environment: 'production', baseUrl: server.url });
  });

  it('is sent only in the body of the token request', async () => {
    await getCase(clientFor(server));
    const carriers = server.requests.filter((request) =>
      [request.url, JSON.stringify(request.headers), request.body.toString()].some((text) =>
        text.includes(CLIENT_SECRET),
      ),
    );
    expect(carriers.map((request) => request.url)).toEqual(['/auth/token']);
  });
});

describe('the browser guard', () => {
  afterEach(() => vi.unstubAllGlobals());
  const options = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };

  it.each([
    ['a DOM window', 'window', { document: {} }],
    ['a web worker', 'importScripts', () => undefined],
    ['React Native', 'navigator', { product: 'ReactNative' }],
  ])('refuses a secret in %s', (_, name, value) => {
    vi.stubGlobal(name, value);
    expect(() => createPaymentsConnectClient(options)).toThrow(/server-side.*dangerouslyAllowBrowser/);
  });

  it('allows it with dangerouslyAllowBrowser: true', () => {
    vi.stubGlobal('window', { document: {} });
    expect(createPaymentsConnectClient({ ...options, dangerouslyAllowBrowser: true }).environment).toBe('production');
  });

  it('does not mistake Node for a browser', () => {
    expect(() => createPaymentsConnectClient(options)).not.toThrow();
  });
});
