// Requests the interface document says the service refuses. Raw fetch where the client would not send
// them; the client where it would (an empty answer is a valid string to its types).
import { describe, expect, it } from 'vitest';
import { pathIds, useConformanceSession } from '../src/test-context.js';
import { CONFORMANCE_ANSWER, pdfDocument } from './support/operation-calls.js';

const session = useConformanceSession();
const { raw, expectConforms } = session;

/** Validation failures of the RFI area carry this code (interface section 7). */
const VALIDATION_FAILED = 'VALIDATION_FAILED';

/** @param {import('vitest').TestContext} context */
const rfiIds = (context) => pathIds(context, session.target, ['rfiId', 'questionId', 'documentRequestId']);
/** @param {Record<string, string>} ids */
const answerPath = ({ rfiId, questionId }) => `/v1/rfi/${rfiId}/questions/${questionId}/answer`;
/** @param {string} answer */
const jsonAnswer = (answer) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify({ answer }) });

describe('account context', () => {
  it('a /v1 request without AccountId is refused with 400', async () => {
    const answer = await expectConforms(await raw('GET', '/v1/rfi', { accountId: false }), { status: 400 });
    expect(answer.body.code).toBe(VALIDATION_FAILED);
  });
});

describe('identifiers', () => {
  it('a malformed UUID in the path is refused with 400 VALIDATION_FAILED', async () => {
    const answer = await expectConforms(await raw('GET', '/v1/rfi/not-a-uuid'), { status: 400 });
    expect(answer.body.code).toBe(VALIDATION_FAILED);
  });

  it('a malformed UUID in a write path too', async (context) => {
    const ids = rfiIds(context);
    const path = answerPath({ ...ids, questionId: '12345' });
    const answer = await expectConforms(await raw('PUT', path, jsonAnswer(CONFORMANCE_ANSWER)), { status: 400 });
    expect(answer.body.code).toBe(VALIDATION_FAILED);
  });
});

describe('routing', () => {
  it('a method the path does not have: 405', async () => {
    await expectConforms(await raw('DELETE', '/v1/rfi'), { status: 405, operationId: 'listRfiCases' });
  });
});

describe('bearer token', () => {
  it.for([
    ['missing', false],
    ['not a bearer scheme', 'Basic Y2xpZW50OnNlY3JldA=='],
    ['bearer without a token', 'Bearer'],
  ])('%s: 401', async ([, bearer]) => {
    await expectConforms(await raw('GET', '/v1/rfi', { bearer }), { status: 401 });
  });
});

describe('bodies', () => {
  it('a JSON operation sent text/plain: 415', async (context) => {
    const response = await raw('PUT', answerPath(rfiIds(context)), {
      headers: { 'content-type': 'text/plain' },
      body: CONFORMANCE_ANSWER,
    });
    await expectConforms(response, { status: 415 });
  });

  it('a multipart operation sent JSON: 415', async (context) => {
    const { rfiId, documentRequestId } = rfiIds(context);
    const response = await raw('PUT', `/v1/rfi/${rfiId}/document-requests/${documentRequestId}/document`, {
      headers: { 'content-type': 'application/json' },
      body: '{"document":"not a file"}',
    });
    await expectConforms(response, { status: 415 });
  });

  it('a multipart request without its required part: 400 VALIDATION_FAILED', async (context) => {
    const { rfiId, documentRequestId } = rfiIds(context);
    const form = new FormData();
    form.append('attachment', pdfDocument());
    const response = await raw('PUT', `/v1/rfi/${rfiId}/document-requests/${documentRequestId}/document`, {
      body: form,
    });
    expect((await expectConforms(response, { status: 400 })).body.code).toBe(VALIDATION_FAILED);
  });

  it('a body that is not JSON: 400 VALIDATION_FAILED', async (context) => {
    const response = await raw('PUT', answerPath(rfiIds(context)), {
      headers: { 'content-type': 'application/json' },
      body: '{"answer": ',
    });
    expect((await expectConforms(response, { status: 400 })).body.code).toBe(VALIDATION_FAILED);
  });

  it('a missing field: 400 VALIDATION_FAILED', async (context) => {
    const response = await raw('PUT', answerPath(rfiIds(context)), {
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect((await expectConforms(response, { status: 400 })).body.code).toBe(VALIDATION_FAILED);
  });

  it('an empty answer string, sent through the client: 400 VALIDATION_FAILED', async (context) => {
    const { rfiId = '', questionId = '' } = rfiIds(context);
    const result = await session.client.PUT('/v1/rfi/{rfiId}/questions/{questionId}/answer', {
      params: { path: { rfiId, questionId } },
      body: { answer: '' },
    });
    expect((await expectConforms(result.response, { status: 400 })).body.code).toBe(VALIDATION_FAILED);
    expect(result.error?.code).toBe(VALIDATION_FAILED);
  });
});
