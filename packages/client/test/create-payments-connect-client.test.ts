import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_URLS } from '../src/generated/spec-constants.js';
import { createPaymentsConnectClient, PaymentsConnectError, SandboxOnlyOperationError } from '../src/index.js';
import { type FaultServer, startFaultServer } from './fault-server.js';
import { CLIENT_ID, CLIENT_SECRET, clientFor, DEFAULT_ACCOUNT_ID, RFI_ID } from './test-client.js';

let server: FaultServer;
beforeEach(async () => {
  server = await startFaultServer();
});
afterEach(() => server.close());

const PAYMENT_REQUEST_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const logoPath = '/v1/collections/payment-requests/{paymentRequestId}/preview-logo' as const;
const logoParams = { params: { path: { paymentRequestId: PAYMENT_REQUEST_ID } } };

describe('AccountId', () => {
  it('sends the default AccountId on every /v1 call', async () => {
    const client = clientFor(server);
    await client.GET('/v1/rfi');
    await client.PUT('/v1/account/submit', { body: {} });
    expect(server.apiRequests().map((request) => request.headers.accountid)).toEqual([
      DEFAULT_ACCOUNT_ID,
      DEFAULT_ACCOUNT_ID,
    ]);
  });

  it('lets a call override the default', async () => {
    await clientFor(server).GET('/v1/rfi/{rfiId}', {
      params: { path: { rfiId: RFI_ID }, header: { AccountId: 'customer-account-2' } },
    });
    expect(server.apiRequests()[0]!.headers.accountid).toBe('customer-account-2');
  });

  it('sends what each call passes when there is no default', async () => {
    const client = createPaymentsConnectClient({
      baseUrl: server.url,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
    });
    await client.GET('/v1/rfi', { params: { header: { AccountId: 'account-a' } } });
    expect(server.apiRequests()[0]!.headers.accountid).toBe('account-a');
  });
});

describe('environments and sandbox-only operations', () => {
  it("takes the server URLs from the spec's servers", () => {
    const options = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };
    expect(createPaymentsConnectClient(options).baseUrl).toBe(SERVER_URLS.production);
    expect(createPaymentsConnectClient({ ...options, environment: 'sandbox' }).baseUrl).toBe(SERVER_URLS.sandbox);
    expect(createPaymentsConnectClient({ ...options, baseUrl: 'http://localhost:4010/' }).baseUrl).toBe(
      'http://localhost:4010',
    );
  });

  it('refuses a sandbox-only operation on a production client before any request', async () => {
    const client = clientFor(server, { environment: 'production' });
    const upload = await client
      .PUT(logoPath, { ...logoParams, body: { logo: new Blob(['png']) } })
      .catch((error: unknown) => error);
    expect(upload).toBeInstanceOf(SandboxOnlyOperationError);
    expect((upload as Error).message).toBe(
      `PUT /v1/collections/payment-requests/${PAYMENT_REQUEST_ID}/preview-logo exists only in the sandbox`,
    );
    await expect(client.DELETE(logoPath, logoParams)).rejects.toBeInstanceOf(SandboxOnlyOperationError);
    expect(server.requests).toHaveLength(0); // not even the token request
  });

  it('lets other operations on the same path family through in production', async () => {
    const client = clientFor(server);
    const { response } = await client.PUT(
      '/v1/collections/payment-requests/{paymentRequestId}/refresh-session',
      logoParams,
    );
    expect(response.status).toBe(200);
  });

  it('sends sandbox-only operations on a sandbox client, the logo as a multipart file part', async () => {
    const client = clientFor(server, { environment: 'sandbox' });
    const logo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    expect((await client.PUT(logoPath, { ...logoParams, body: { logo } })).response.status).toBe(200);
    expect((await client.DELETE(logoPath, logoParams)).response.status).toBe(200);
    const [upload] = server.apiRequests();
    expect(upload!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(new Uint8Array(upload!.body), {
      headers: { 'Content-Type': upload!.headers['content-type']! },
    }).formData();
    const part = form.get('logo') as File;
    expect(part.name).toBe('logo.png');
    expect(part.type).toBe('image/png');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  });
});

describe('options', () => {
  // Each checked when the client is created, before anything is sent: the message names the option at fault.
  const BAD_BASE_URL = 'baseUrl must be an absolute http(s) URL, without user or password';
  it.each([
    ['a missing clientId', { clientId: '' }, 'Missing clientId'],
    ['a missing clientSecret', { clientSecret: '' }, 'Missing clientSecret'],
    ['no clientId at all', { clientId: undefined }, 'Missing clientId'],
    ['neither credential', { clientId: '', clientSecret: undefined }, 'Missing clientId and clientSecret'],
    [
      'an unknown environment',
      { environment: 'staging' },
      'Unknown environment "staging": use "production" or "sandbox"',
    ],
    [
      'an inherited key as environment',
      { environment: 'toString' },
      'Unknown environment "toString": use "production" or "sandbox"',
    ],
    ['a baseUrl without a scheme', { baseUrl: '127.0.0.1:4010' }, BAD_BASE_URL],
    ['a host and port as baseUrl', { baseUrl: 'localhost:4010' }, BAD_BASE_URL],
    ['a relative baseUrl', { baseUrl: '/payments' }, BAD_BASE_URL],
    ['an empty baseUrl', { baseUrl: '' }, BAD_BASE_URL],
    ['a baseUrl of another scheme', { baseUrl: 'ftp://127.0.0.1' }, BAD_BASE_URL],
    ['a baseUrl with a user and password', { baseUrl: 'http://someone:p4ss@127.0.0.1' }, BAD_BASE_URL],
    ['an empty accountId', { accountId: '' }, 'accountId is empty: pass an AccountId or leave the option out'],
    ['a blank accountId', { accountId: '  ' }, 'accountId is empty: pass an AccountId or leave the option out'],
  ])('refuses %s, naming the option', (_, fault, message) => {
    const options = { baseUrl: server.url, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...fault };
    let failure: unknown;
    try {
      createPaymentsConnectClient(options as never);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(PaymentsConnectError);
    expect((failure as Error).message).toBe(message);
    expect(String(failure)).not.toContain(CLIENT_SECRET);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses the baseUrl of this server without its scheme, which used to fail only at the first call', () => {
    const withoutScheme = server.url.replace('http://', '');
    expect(() => clientFor(server, { baseUrl: withoutScheme })).toThrow(BAD_BASE_URL);
  });

  it('accepts what is left out, and http or https URLs with a path', async () => {
    const credentials = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };
    const unset = { environment: undefined, baseUrl: undefined, accountId: undefined };
    expect(createPaymentsConnectClient({ ...credentials, ...unset }).baseUrl).toBe(SERVER_URLS.production);
    expect(createPaymentsConnectClient({ ...credentials, baseUrl: 'https://gateway.example/payments/' }).baseUrl).toBe(
      'https://gateway.example/payments',
    );
    const { response } = await clientFor(server, { baseUrl: `${server.url}/` }).GET('/v1/rfi');
    expect(response.status).toBe(200);
  });

  it('uses the fetch it is given', async () => {
    const seen: string[] = [];
    const client = clientFor(server, {
      fetch: (input, init) => {
        seen.push((input as Request).url);
        return fetch(input, init);
      },
    });
    await client.GET('/v1/rfi');
    expect(seen).toEqual([`${server.url}/auth/token`, `${server.url}/v1/rfi`]);
  });

  it('keeps openapi-fetch middleware working', async () => {
    const client = clientFor(server);
    const seen: string[] = [];
    client.use({ onRequest: ({ schemaPath }) => void seen.push(schemaPath) });
    await client.GET('/v1/rfi');
    expect(seen).toEqual(['/v1/rfi']);
  });
});
