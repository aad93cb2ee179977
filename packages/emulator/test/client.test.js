// The workspace's typed client (@payments-connect/client, built by turbo before these tests) against the
// emulator: the two must agree on tokens, AccountId, RFI variants, retries and multipart.
import { createPaymentsConnectClient, rfiConflictVariant } from '@payments-connect/client';
import { startServerProcess } from '@payments-connect/hostile-input/server-process';
import { publishedBin } from '@payments-connect/repo-checks/published-bin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEmulator } from './support/use-emulator.js';

/** The bin as published (package.json's `bin`: the bundle the build makes), what users run. */
const BIN = publishedBin('@payments-connect/emulator', 'payments-connect-emulator', import.meta.url);

describe('@payments-connect/client against the emulator', () => {
  const ctx = useEmulator();
  /** @param {import('@payments-connect/client').RetryPolicy | false} [retry] fast backoff by default */
  const client = (retry = { baseDelayMs: 1, maxDelayMs: 5 }) =>
    createPaymentsConnectClient({
      environment: 'sandbox',
      baseUrl: ctx.emulator.url,
      ...ctx.emulator.credentials,
      accountId: ctx.emulator.accounts.primary.accountId,
      retry,
    });

  it('exchanges the credentials, sends AccountId and reads a case', async () => {
    const { data, error } = await client().GET('/v1/rfi/{rfiId}', {
      params: { path: { rfiId: ctx.fixtures.openRfiId } },
    });
    expect(error).toBeUndefined();
    expect(data?.rfiId).toBe(ctx.fixtures.openRfiId);
  });

  it('recovers from a token expired on the server by fetching a new one', async () => {
    const api = client();
    expect((await api.GET('/v1/rfi', {})).response.status).toBe(200);
    ctx.emulator.control.expireTokens();
    const { response } = await api.GET('/v1/rfi', {});
    expect(response.status).toBe(200);
  });

  it('tells the two 409 variants apart', async () => {
    const f = ctx.fixtures;
    const api = client();
    const closed = await api.PUT('/v1/rfi/{rfiId}/questions/{questionId}/answer', {
      params: { path: { rfiId: f.closedRfiId, questionId: f.closedQuestionId } },
      body: { answer: 'too late' },
    });
    expect(rfiConflictVariant(closed.error)).toBe('RFI_NOT_OPEN');
    const approved = await api.PUT('/v1/rfi/{rfiId}/questions/{questionId}/answer', {
      params: { path: { rfiId: f.openRfiId, questionId: f.approvedQuestionId } },
      body: { answer: 'locked' },
    });
    expect(rfiConflictVariant(approved.error)).toBe('RFI_ITEM_ALREADY_APPROVED');
  });

  it('retries a 429 with Retry-After injected by the control API, then succeeds', async () => {
    ctx.emulator.control.injectFault({
      operationId: 'listRfiCases',
      status: 429,
      headers: { 'Retry-After': '0' },
      times: 2,
    });
    expect((await client(false).GET('/v1/rfi', {})).response.status).toBe(429);
    const { response, data } = await client().GET('/v1/rfi', {});
    expect(response.status).toBe(200);
    expect(data?.items).toHaveLength(1);
  });

  it('attaches a document as multipart through the client', async () => {
    const f = ctx.fixtures;
    const { data, response } = await client().PUT('/v1/rfi/{rfiId}/document-requests/{documentRequestId}/document', {
      params: { path: { rfiId: f.openRfiId, documentRequestId: f.openDocumentRequestId } },
      body: { document: /** @type {any} */ (new File(['%PDF-1.7'], 'invoice.pdf', { type: 'application/pdf' })) },
    });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({
      documentRequestId: f.openDocumentRequestId,
      document: { fileName: 'invoice.pdf', size: 8 },
    });
  });
});

// Over real sockets to the bin in a process of its own, where a refusal races the upload it refuses: the 401 must
// reach the client whole, so that it renews the token and replays the body, every time.
describe('@payments-connect/client uploading to the emulator in a process of its own', () => {
  /** @type {import('@payments-connect/hostile-input/server-process').ServerProcess} */
  let server;
  /** @type {any} */
  let described;
  beforeAll(async () => {
    server = await startServerProcess(BIN, ['--port', '0']);
    described = await (await fetch(`${server.url}/_emulator`)).json();
  });
  afterAll(() => server?.stop());

  it('renews a token expired mid-way and replays each upload refused with 401: 20 uploads of 1 MiB', async () => {
    const { openRfiId: rfiId, openDocumentRequestId: documentRequestId } = described.fixtures;
    const api = createPaymentsConnectClient({
      environment: 'sandbox',
      baseUrl: server.url,
      ...described.credentials,
      accountId: described.accounts.primary.accountId,
      retry: false,
    });
    const file = new File([new Uint8Array(1024 * 1024).fill(0x25)], 'invoice.pdf', { type: 'application/pdf' });
    const statuses = [];
    for (let upload = 0; upload < 20; upload++) {
      // Every token the client holds is now refused: the upload's first attempt gets 401 before its body is read.
      const expired = await fetch(`${server.url}/_emulator/tokens/expire`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(expired.status).toBe(200);
      const { response, data } = await api.PUT('/v1/rfi/{rfiId}/document-requests/{documentRequestId}/document', {
        params: { path: { rfiId, documentRequestId } },
        body: { document: /** @type {any} */ (file) },
      });
      statuses.push(response.status);
      expect(data?.document).toMatchObject({ fileName: 'invoice.pdf', size: file.size });
    }
    expect(statuses).toEqual(Array(20).fill(200));
  });
});
