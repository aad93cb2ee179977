// One pipeline, two transports: the Fetch handler decides every request as the node:http server does (status, body,
// the headers a client reads, the journal entry), in this process, over the bundled contract with its validators
// compiled at build. The server's handling of connections (limits on the wire, 100 Continue, closing in stages) is the
// hostile-input suite's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../src/contract.js';
import {
  createFetchHandler,
  createRequestJournal,
  journalExchanges,
  RefusalError,
  servingPolicy,
} from '../src/fetch.js';
import { startServer } from '../src/server.js';

const contract = loadContract();
const TOKEN = { authorization: 'Bearer parity-token' };
/** A bearer token and an account: what a request needs to reach the answerer. */
const CALLER = { ...TOKEN, accountid: '0f8fad5b-d9cb-469f-a165-70867728950e' };

/**
 * The one answerer both transports are given: each operation's first success example, an operation's error example
 * when the request asks for it by header, a refusal or a fault when it asks for those, and an answer that breaks the
 * contract (for the strict policy).
 * @type {import('../src/fetch.js').Answerer}
 */
const answer = ({ operation, headers }) => {
  const asked = headers['x-answer']?.[0];
  if (asked === 'refuse') throw new RefusalError(409, 'refused by the answerer', { details: [{ why: 'asked' }] });
  if (asked === 'fault') throw new Error('the answerer broke');
  if (asked === 'broken') return { status: 200, body: { unexpected: true } };
  const examples = contract.namedExamples(operation).filter(({ response }) => response);
  const chosen =
    examples.find(({ response }) => (asked ? response?.status === asked : /^2/.test(response?.status ?? ''))) ??
    examples[0];
  const status = Number(chosen?.response?.status ?? 204);
  const value = chosen?.response?.example?.value;
  return { status, headers: { 'X-Answered-By': 'parity' }, ...(value === undefined ? {} : { body: value }) };
};

/** @type {import('../src/fetch.js').Gate} */
const gate = (operation, headers) =>
  headers['x-gate']?.[0] === 'closed' ? contract.refusal(403, [], operation) : undefined;

/** The headers a client reads that both transports must agree on (a server's own, `Date`, `Connection`, aside). */
const READ_HEADERS = ['content-type', 'content-length', 'allow', 'www-authenticate', 'x-answered-by'];

/**
 * A request of the table as both transports get it.
 * @typedef {{ title: string, method: string, target: string, headers?: Record<string, string>,
 *   body?: Uint8Array | string }} Sent
 */

/** @type {Sent[]} every named example of every operation, as a client sends it, then the refusals of the pipeline */
const TABLE = [
  ...contract.operations.flatMap((operation) =>
    contract.namedExamples(operation).flatMap((named) => {
      if (named.problems.length > 0) return [];
      const request = contract.exampleRequest(operation, named.name);
      const status = named.response?.status;
      const headers = { ...TOKEN, ...request.headers, ...(status && status !== '200' ? { 'x-answer': status } : {}) };
      return [{ title: `${operation.operationId} ${named.name}`, ...request, headers }];
    }),
  ),
  { title: 'no token', method: 'GET', target: '/v1/rfi' },
  { title: 'no path', method: 'GET', target: '/v2/nothing', headers: TOKEN },
  { title: 'a method the path lacks', method: 'DELETE', target: '/v1/rfi', headers: TOKEN },
  { title: 'a target that is no path', method: 'GET', target: '/v1/rfi/%zz', headers: TOKEN },
  { title: 'a closed gate', method: 'GET', target: '/v1/rfi', headers: { ...TOKEN, 'x-gate': 'closed' } },
  {
    title: 'a media type not taken',
    method: 'PUT',
    target: '/v1/account/submit',
    headers: { ...TOKEN, 'content-type': 'text/plain' },
    body: 'hello',
  },
  {
    title: 'a body without its type (a body announced by its length alone)',
    method: 'PUT',
    target: '/v1/account/submit',
    headers: CALLER,
    body: new TextEncoder().encode('{}'),
  },
  {
    title: 'a body to an operation that takes none',
    method: 'DELETE',
    target: '/v1/account/users/0f8fad5b-d9cb-469f-a165-70867728950e',
    headers: { ...CALLER, 'content-type': 'text/plain' },
    body: 'hello',
  },
  {
    title: 'a body that is no JSON',
    method: 'PUT',
    target: '/v1/account/submit',
    headers: { ...TOKEN, 'content-type': 'application/json' },
    body: '{"a":',
  },
  {
    title: 'a body with a byte order mark',
    method: 'POST',
    target: '/auth/token',
    headers: { 'content-type': 'application/json' },
    body: '\ufeff{"clientId":"a","clientSecret":"b"}',
  },
  {
    title: 'a multipart body without its part',
    method: 'PUT',
    target:
      '/v1/rfi/4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f/document-requests/9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a/document',
    headers: { ...TOKEN, 'content-type': 'multipart/form-data; boundary=b' },
    body: '--b\r\nContent-Disposition: form-data; name="note"\r\n\r\nx\r\n--b--\r\n',
  },
  {
    title: 'a refusal of the answerer',
    method: 'GET',
    target: '/v1/rfi',
    headers: { ...CALLER, 'x-answer': 'refuse' },
  },
  { title: 'a fault of the answerer', method: 'GET', target: '/v1/rfi', headers: { ...CALLER, 'x-answer': 'fault' } },
  {
    title: 'an answer that breaks the contract (strict)',
    method: 'GET',
    target: '/v1/rfi',
    headers: { ...CALLER, 'x-answer': 'broken' },
  },
];

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
/** @type {(request: Request) => Promise<Response>} */
let handle;
const journal = createRequestJournal();

beforeAll(async () => {
  server = await startServer({ contract, name: 'parity', answer, gate, strict: true });
  handle = createFetchHandler({
    contract,
    name: 'parity',
    answer,
    gate,
    policy: servingPolicy(contract, { name: 'parity', strict: true }),
    publish: journalExchanges(journal, contract.tokenOperation),
  });
});
afterAll(() => server?.stop());

/**
 * What a client reads of an answer, and the journal's entry of it, less what differs by nature (time, order).
 * @param {Response} response
 * @param {import('../src/fetch.js').JournalEntry | undefined} entry
 */
async function seen(response, entry) {
  const { id, time, durationMs, ...journaled } = entry ?? /** @type {any} */ ({});
  return {
    status: response.status,
    headers: Object.fromEntries(READ_HEADERS.map((name) => [name, response.headers.get(name)])),
    body: await response.text(),
    journaled,
  };
}

describe('the Fetch handler and the node:http server', () => {
  it('answer every request of the table alike, and journal it alike', async () => {
    expect(TABLE.length).toBeGreaterThan(40);
    const different = [];
    const statuses = new Set();
    for (const { title, method, target, headers = {}, body } of TABLE) {
      server.clearRequests();
      journal.clear();
      const init = { method, headers, body: /** @type {BodyInit | undefined} */ (body) };
      const overHttp = await seen(await fetch(`${server.url}${target}`, init), server.requests()[0]);
      const inProcess = await seen(
        await handle(new Request(`http://contract.test${target}`, init)),
        journal.entries()[0],
      );
      statuses.add(overHttp.status);
      if (JSON.stringify(overHttp) !== JSON.stringify(inProcess)) different.push({ title, overHttp, inProcess });
    }
    expect(different).toEqual([]);
    // The table reaches every stage: answers, and refusals of each kind.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 204, 400, 401, 403, 404, 405, 409, 415, 500]));
  });

  it('refuses a body past its limit unread, as a server does; a body stream that fails is an error', async () => {
    const small = createFetchHandler({ contract, name: 'parity', answer, limits: { maxBodyBytes: 8 } });
    const target = 'http://contract.test/v1/account/submit';
    const headers = { ...TOKEN, 'content-type': 'application/json' };
    const refused = await small(new Request(target, { method: 'PUT', headers, body: '{"a":"0123456789"}' }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).details[0].rule).toBe('max-size');
    const failing = new ReadableStream({ pull: (controller) => controller.error(new Error('gone')) });
    // A stream body goes half-duplex, which the DOM's RequestInit does not name.
    const streamed = /** @type {RequestInit} */ ({ method: 'PUT', headers, body: failing, duplex: 'half' });
    const gone = await small(new Request(target, streamed));
    expect(gone.type).toBe('error');
  });

  it('says what it needs when it is made without it', () => {
    // @ts-expect-error: no contract
    expect(() => createFetchHandler({ name: 'x', answer })).toThrow('needs a contract');
    // @ts-expect-error: no answer
    expect(() => createFetchHandler({ contract, name: 'x' })).toThrow('needs an answer function');
    expect(() => createFetchHandler({ contract, name: 'x', answer, limits: { maxBodyBytes: 0 } })).toThrow(
      'limits.maxBodyBytes must be a positive integer',
    );
  });
});
