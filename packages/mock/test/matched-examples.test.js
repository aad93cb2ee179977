// A request that is a named example of the spec gets that example's answer, over real HTTP on 127.0.0.1: what makes a
// request an example (path ids, query, body; not its headers), what wins over it (the request's own Prefer, an answer
// configured for its operation), what a request that is no example gets (the answer of today), and --dynamic.
// Every named example sent as it stands is in named-examples.test.js.
import { loadContract } from '@payments-connect/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMock } from '../src/index.js';
import { SERVED_EXAMPLE_HEADER } from '../src/mock-answerer.js';

const contract = loadContract();
const ACCOUNT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const HEADERS = { Authorization: 'Bearer t', AccountId: ACCOUNT_ID };

/**
 * The request of a named example, as the contract model builds it, with the bearer token.
 * @param {string} operationId
 * @param {string} name
 */
function exampleRequest(operationId, name) {
  const operation = contract.operation(operationId);
  if (!operation) throw new Error(`no ${operationId}`);
  const request = contract.exampleRequest(operation, name);
  return { ...request, headers: { ...request.headers, Authorization: 'Bearer t' } };
}

/**
 * @param {import('../src/index.js').RunningMock} mock
 * @param {{ method: string, target: string, headers: Record<string, string>, body?: BodyInit }} request
 */
async function send(mock, { method, target, headers, body }) {
  const response = await fetch(`${mock.url}${target}`, { method, headers, body });
  const text = await response.text();
  return {
    status: response.status,
    served: response.headers.get(SERVED_EXAMPLE_HEADER),
    applied: response.headers.get('preference-applied'),
    body: text === '' ? undefined : JSON.parse(text),
  };
}

/** @type {import('../src/index.js').RunningMock} */
let mock;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock?.stop());
beforeEach(() => mock.clearRequests());

describe('a request that is a named example', () => {
  it("is the example whatever its AccountId: the closed case's id answers a write with its 409", async () => {
    const request = exampleRequest('answerRfiQuestion', 'rfiNotOpen');
    const answer = await send(mock, { ...request, headers: { ...request.headers, AccountId: 'my-own-account' } });
    expect(answer).toMatchObject({ status: 409, served: 'rfiNotOpen', applied: null, body: { code: 'CONFLICT' } });
    expect(answer.body.message).toContain('RFI_NOT_OPEN');
  });

  it('is told apart by its query, the default included: the list with and without terminal cases', async () => {
    const list = (/** @type {string} */ query) =>
      send(mock, { method: 'GET', target: `/v1/rfi${query}`, headers: HEADERS });
    const statuses = (/** @type {any} */ answer) => answer.body.items.map((/** @type {any} */ c) => c.status);
    expect(statuses(await list(''))).toEqual(['OPEN']);
    expect(await list('?includeTerminal=false')).toMatchObject({ served: 'openCases' });
    const withTerminal = await list('?includeTerminal=true');
    expect(withTerminal.served).toBe('includingTerminal');
    expect(statuses(withTerminal)).toEqual(['OPEN', 'CLOSED', 'CANCELLED']);
  });

  it('needs its whole body: another answer to the closed case is no example, and is answered as before', async () => {
    const request = exampleRequest('answerRfiQuestion', 'rfiNotOpen');
    const answer = await send(mock, { ...request, body: JSON.stringify({ answer: 'Another answer.' }) });
    expect(answer).toMatchObject({ status: 200, served: 'answered' });
    expect(mock.requests().at(-1)?.notes).toEqual([]);
  });

  it('is a multipart example when it has its parts, each of its size, whatever the file names and types', async () => {
    const request = exampleRequest('attachRfiDocument', 'rfiNotOpen');
    const operation = contract.operation('attachRfiDocument');
    const media = operation?.requestBody?.requestBody.content['multipart/form-data'];
    const [part] = contract.exampleParts(media, contract.dereference(media.examples.rfiNotOpen).node);
    if (!part) throw new Error('the attach example has no part');
    // As Specmatic sends the file: no file name, text/plain.
    const form = (/** @type {string} */ content) => {
      const boundary = 'matched-examples-boundary';
      const body =
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\nContent-Type: text/plain\r\n\r\n` +
        `${content}\r\n--${boundary}--\r\n`;
      return { ...request, headers: { ...HEADERS, 'Content-Type': `multipart/form-data; boundary=${boundary}` }, body };
    };
    expect(await send(mock, form(part.content))).toMatchObject({ status: 409, served: 'rfiNotOpen' });
    expect(await send(mock, form(`${part.content} and more`))).toMatchObject({ status: 200, served: 'attached' });
  });

  it('yields to the request own Prefer, and the journal says the request was the example', async () => {
    const request = exampleRequest('answerRfiQuestion', 'rfiNotOpen');
    const answer = await send(mock, { ...request, headers: { ...request.headers, Prefer: 'code=200' } });
    expect(answer).toMatchObject({ status: 200, served: 'answered', applied: 'code=200' });
    expect(mock.requests().at(-1)?.notes).toEqual([
      "the request is the example rfiNotOpen, not answered by it: the request's own preferences win",
      "preferences applied: code=200 (the request's Prefer)",
    ]);
  });

  it('yields to an answer configured for its operation', async () => {
    const configured = await startMock({ answers: { getRfiCase: 'example=closedCase' } });
    try {
      const answer = await send(configured, exampleRequest('getRfiCase', 'otherAccountCase'));
      expect(answer).toMatchObject({ status: 200, served: 'closedCase' });
      expect(configured.requests().at(-1)?.notes).toEqual([
        'the request is the example otherAccountCase, not answered by it: the answer configured for getRfiCase wins',
        'preferences applied: example=closedCase (the answer configured for getRfiCase)',
      ]);
    } finally {
      await configured.stop();
    }
  });

  it('answers the same from the text made once, request after request, and the default example unchanged', async () => {
    const request = exampleRequest('getRfiCase', 'closedCase');
    const first = await send(mock, request);
    expect(await send(mock, request)).toEqual(first);
    expect(first).toMatchObject({ status: 200, served: 'closedCase', body: { status: 'CLOSED' } });
    expect(await send(mock, exampleRequest('getRfiCase', 'openCase'))).toMatchObject({ served: 'openCase' });
    expect(mock.requests().map((entry) => entry.notes)).toEqual([
      ['the request is the example closedCase: answered its 200'],
      ['the request is the example closedCase: answered its 200'],
      ['the request is the example openCase: answered its 200'],
    ]);
  });
});

describe('a request that is no example', () => {
  it("gets the answer of today: an unknown case's id is the default example, with the request's id", async () => {
    const rfiId = '11111111-2222-4333-8444-555555555555';
    const answer = await send(mock, { method: 'GET', target: `/v1/rfi/${rfiId}`, headers: HEADERS });
    expect(answer).toMatchObject({ status: 200, served: 'openCase', body: { rfiId, status: 'OPEN' } });
    expect(mock.requests().at(-1)?.notes).toEqual([]);
  });
});

describe('--dynamic', () => {
  it("answers a request that is an example with the example's status, its data generated", async () => {
    const dynamic = await startMock({ dynamic: true, seed: '3' });
    try {
      const answer = await send(dynamic, exampleRequest('answerRfiQuestion', 'rfiNotOpen'));
      expect(answer).toMatchObject({ status: 409, served: null, applied: null });
      expect(answer.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      expect(answer.body.message).not.toContain('RFI_NOT_OPEN');
      expect(dynamic.requests().at(-1)?.notes).toEqual([
        'the request is the example rfiNotOpen: answered its 409, its data generated',
      ]);
    } finally {
      await dynamic.stop();
    }
  });
});
