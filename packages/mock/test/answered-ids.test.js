// The case asked for is the case answered: the mock fills the ids its examples give for the request's path parameters
// with the request's own (the record's id, an id inside a 404 or 409 message), and names the example it served in
// `Served-Example`, while `Preference-Applied` says only what the request asked (RFC 7240).
import { loadContract } from '@payments-connect/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/index.js';

const contract = loadContract();
/** The example values of a path parameter, by example name. @param {string} operationId @param {string} name */
const parameterExamples = (operationId, name) =>
  /** @type {Record<string, string>} */ (
    contract.operation(operationId)?.parameters.find((parameter) => parameter.name === name)?.examples ?? {}
  );
const rfiIds = parameterExamples('getRfiCase', 'rfiId');
const questionIds = parameterExamples('answerRfiQuestion', 'questionId');
/** A case none of the examples names. */
const ASKED = 'd3b07384-d9a0-4c3b-9f1e-2a4b6c8d0e1f';
const ACCOUNT = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** @type {import('../src/index.js').RunningMock} */
let mock;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock?.stop());

/**
 * @param {string} method
 * @param {string} path
 * @param {{ prefer?: string, json?: unknown }} [options]
 */
async function call(method, path, { prefer, json } = {}) {
  /** @type {Record<string, string>} */
  const headers = { Authorization: 'Bearer any', AccountId: ACCOUNT };
  if (prefer) headers.Prefer = prefer;
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${mock.url}${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe('the ids of an answer are those of the request path', () => {
  it('answers the case asked for, by default and with another example of the case', async () => {
    expect(ASKED).not.toBe(rfiIds.openCase);
    const plain = await call('GET', `/v1/rfi/${ASKED}`);
    expect([plain.status, plain.body.rfiId, plain.body.status]).toEqual([200, ASKED, 'OPEN']);
    const closed = await call('GET', `/v1/rfi/${rfiIds.openCase}`, { prefer: 'example=closedCase' });
    expect([closed.status, closed.body.rfiId, closed.body.status]).toEqual([200, rfiIds.openCase, 'CLOSED']);
    expect(JSON.stringify(closed.body)).not.toContain(String(rfiIds.closedCase));
  });

  it("leaves the example's own ids where the request names them (the answer made once is sent)", async () => {
    const own = await call('GET', `/v1/rfi/${rfiIds.closedCase}`, { prefer: 'example=closedCase' });
    expect(own.body.rfiId).toBe(rfiIds.closedCase);
    expect((await call('GET', `/v1/rfi/${rfiIds.openCase}`)).body.rfiId).toBe(rfiIds.openCase);
  });

  it('names the requested case in a 404 message, and the requested case and question in a 409', async () => {
    const missing = await call('GET', `/v1/rfi/${ASKED}`, { prefer: 'code=404' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toContain(ASKED);
    expect(missing.body.message).not.toContain(String(rfiIds.otherAccountCase));
    const question = 'e4c1d2b3-a5f6-4071-8293-a4b5c6d7e8f9';
    const locked = await call('PUT', `/v1/rfi/${ASKED}/questions/${question}/answer`, {
      prefer: 'code=409, example=rfiItemAlreadyApproved',
      json: { answer: 'yes' },
    });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toMatch(/^RFI_ITEM_ALREADY_APPROVED: /);
    expect(locked.body.message).toContain(question);
    expect(locked.body.message).not.toContain(String(questionIds.rfiItemAlreadyApproved));
    const notOpen = await call('PUT', `/v1/rfi/${ASKED}/questions/${question}/answer`, {
      prefer: 'code=409, example=rfiNotOpen',
      json: { answer: 'yes' },
    });
    expect(notOpen.body.message).toContain(`RFI ${ASKED} is CLOSED`);
  });

  it('answers the question asked for, and a generated case with the id asked for', async () => {
    const question = 'f5d2e3c4-b6a7-4182-9304-b5c6d7e8f9a0';
    const answered = await call('PUT', `/v1/rfi/${ASKED}/questions/${question}/answer`, { json: { answer: 'yes' } });
    expect(answered.body.questionId).toBe(question);
    const generated = await call('GET', `/v1/rfi/${ASKED}?__dynamic=true&__seed=7`);
    expect(generated.body.rfiId).toBe(ASKED);
  });
});

describe('Served-Example names the example an answer was made from', () => {
  it('for a bare code, while Preference-Applied echoes only what was asked', async () => {
    const missing = await call('GET', `/v1/rfi/${ASKED}`, { prefer: 'code=404' });
    expect(missing.headers.get('preference-applied')).toBe('code=404');
    expect(missing.headers.get('served-example')).toBe('otherAccountCase');
  });

  it('for the default answer, and not for a generated one', async () => {
    const plain = await call('GET', `/v1/rfi/${ASKED}`);
    expect([plain.headers.get('served-example'), plain.headers.get('preference-applied')]).toEqual(['openCase', null]);
    const generated = await call('GET', `/v1/rfi/${ASKED}`, { prefer: 'dynamic=true, seed=7' });
    expect(generated.headers.get('served-example')).toBeNull();
  });

  it('is read by a page on another origin: every header is exposed', async () => {
    const response = await fetch(`${mock.url}/v1/rfi/${ASKED}`, {
      headers: { Authorization: 'Bearer any', AccountId: ACCOUNT, Origin: 'http://localhost:5173' },
    });
    expect(response.headers.get('access-control-expose-headers')).toBe('*');
    expect(response.headers.get('served-example')).toBe('openCase');
  });
});
