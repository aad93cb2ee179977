// Type tests, compiled by `pnpm check` (tsc -p tsconfig.json): each @ts-expect-error must be an error, or the
// check fails.
import type { ErrorEnvelope, RfiCase, RfiDocumentUpload } from '@payments-connect/types';
import { describe, expectTypeOf, it } from 'vitest';
import {
  createPaymentsConnectClient,
  type PaymentsConnectToken,
  type RfiConflictVariant,
  rfiConflictVariant,
} from '../src/index.js';

const credentials = { clientId: 'id', clientSecret: 'secret' };
const rfiId = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';
const paymentRequestId = '3b241101-e2bb-4255-8caf-4136c566a962';
const logoPath = '/v1/collections/payment-requests/{paymentRequestId}/preview-logo';

describe('the AccountId rule', () => {
  it('demands the header on every /v1 call when the client has no default', () => {
    const client = createPaymentsConnectClient(credentials);
    // @ts-expect-error AccountId is required without a default
    void client.GET('/v1/rfi');
    // @ts-expect-error AccountId is required without a default
    void client.GET('/v1/rfi/{rfiId}', { params: { path: { rfiId } } });
    void client.GET('/v1/rfi/{rfiId}', { params: { path: { rfiId }, header: { AccountId: 'account-1' } } });
  });

  it('demands it too when the default may be undefined', () => {
    const accountId = process.env.ACCOUNT_ID;
    const client = createPaymentsConnectClient({ ...credentials, accountId });
    // @ts-expect-error accountId is string | undefined: no default guaranteed
    void client.GET('/v1/rfi');
  });

  it('makes the header optional with a default, and still accepts an override', () => {
    const client = createPaymentsConnectClient({ ...credentials, accountId: 'account-1' });
    void client.GET('/v1/rfi');
    void client.GET('/v1/rfi', { params: { query: { includeTerminal: true } } });
    void client.GET('/v1/rfi/{rfiId}', { params: { path: { rfiId } } });
    void client.GET('/v1/rfi/{rfiId}', { params: { path: { rfiId }, header: { AccountId: 'account-2' } } });
    // @ts-expect-error path parameters stay required
    void client.GET('/v1/rfi/{rfiId}', {});
    // @ts-expect-error AccountId is still a string
    void client.GET('/v1/rfi', { params: { header: { AccountId: 42 } } });
  });
});

describe('uploads', () => {
  const client = createPaymentsConnectClient({ ...credentials, environment: 'sandbox', accountId: 'account-1' });
  const params = { path: { paymentRequestId } };

  it('takes a Blob or a File for a binary part, without casts', () => {
    expectTypeOf<RfiDocumentUpload['document']>().toEqualTypeOf<Blob>();
    void client.PUT(logoPath, { params, body: { logo: new Blob(['png']) } });
    void client.PUT(logoPath, { params, body: { logo: new File(['png'], 'logo.png', { type: 'image/png' }) } });
    void client.PUT('/v1/rfi/{rfiId}/document-requests/{documentRequestId}/document', {
      params: { path: { rfiId, documentRequestId: 'dr-1' } },
      body: { document: new File(['%PDF'], 'statement.pdf') },
    });
  });

  it('refuses anything else', () => {
    // @ts-expect-error a string is not a file
    void client.PUT(logoPath, { params, body: { logo: 'data:image/png;base64,AAAA' } });
    // @ts-expect-error the logo part is required
    void client.PUT(logoPath, { params, body: {} });
  });
});

describe('results and options', () => {
  const client = createPaymentsConnectClient({ ...credentials, accountId: 'account-1' });

  it("keeps openapi-fetch's { data, error, response } with the spec's types", async () => {
    const { data, error, response } = await client.GET('/v1/rfi/{rfiId}', { params: { path: { rfiId } } });
    expectTypeOf(data).branded.toEqualTypeOf<RfiCase | undefined>();
    expectTypeOf(error).branded.toEqualTypeOf<ErrorEnvelope | undefined>();
    expectTypeOf(response).toEqualTypeOf<Response>();
    expectTypeOf(rfiConflictVariant(error)).toEqualTypeOf<RfiConflictVariant | undefined>();
  });

  it('gives open enums (status, code) as real strings, which openapi-fetch 0.17 alone would not', async () => {
    const { data, error } = await client.GET('/v1/rfi/{rfiId}', { params: { path: { rfiId } } });
    expectTypeOf(data?.status).toEqualTypeOf<string | undefined>();
    expectTypeOf(error?.code).toEqualTypeOf<string | undefined>();
    expectTypeOf(data?.status?.toLowerCase()).toEqualTypeOf<string | undefined>();
    expectTypeOf(error?.code.startsWith('RFI')).toEqualTypeOf<boolean | undefined>();
    const asRecord: RfiCase | undefined = data; // what another team's code does with the answer
    void asRecord;
  });

  it('takes a per-call timeoutMs and signal', () => {
    void client.GET('/v1/rfi', { timeoutMs: 5_000, signal: AbortSignal.timeout(10_000) });
  });

  it('gives the token through getToken, with its expiry', () => {
    expectTypeOf(client.getToken()).resolves.toEqualTypeOf<PaymentsConnectToken>();
    expectTypeOf<PaymentsConnectToken>().toEqualTypeOf<{
      readonly accessToken: string;
      readonly expiresAt: Date | undefined;
    }>();
    void client.getToken({ signal: AbortSignal.timeout(5_000) });
    // @ts-expect-error getToken takes an init object, not a signal
    void client.getToken(AbortSignal.timeout(5_000));
  });

  it('leaves the token exchange to the client', () => {
    // @ts-expect-error the client performs POST /auth/token itself
    void client.POST('/auth/token', { body: { clientId: 'id', clientSecret: 'secret' } });
  });

  it('refuses unknown options and environments', () => {
    // @ts-expect-error a misspelt option is an error, not silently ignored
    createPaymentsConnectClient({ ...credentials, acountId: 'account-1' });
    // @ts-expect-error the spec has two servers
    createPaymentsConnectClient({ ...credentials, environment: 'staging' });
    // @ts-expect-error credentials are required
    createPaymentsConnectClient({ clientId: 'id' });
  });
});
