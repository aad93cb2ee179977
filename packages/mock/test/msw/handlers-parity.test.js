// The MSW handlers answer as the mock server answers: for every operation, a table of requests (each documented status
// asked for, each named example asked for and sent as it is, the ids of another request path, the refusals: no token,
// no AccountId, a wrong body, a status the operation does not document, an unknown path, a method the path lacks) gets
// the same status, body and headers that carry meaning from the handlers under setupServer as from the mock server,
// and the same journal entries. In process: one mock server, one setupServer, the table looped once.
import { loadContract } from '@payments-connect/contract';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMock, startMock } from '../../src/index.js';
import { createHandlers } from '../../src/msw.js';

const contract = loadContract();
const BASE_URL = 'https://api.payments-connect.test';
/** Headers that say how the bytes travelled, not what the answer is: no transport sends them alike. */
const TRANSPORT_HEADERS = new Set(['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding']);
/** Ids no named example has: an answer must speak of them (path-ids.js), and say so alike. */
const OTHER_ID = 'd3b07384-d9a0-4c3b-9f6e-2b2d1a6f1e11';

/**
 * @typedef {object} Row
 * @property {string} label
 * @property {string} method
 * @property {string} target
 * @property {Record<string, string>} headers
 * @property {BodyInit | undefined} body
 */

/**
 * The requests of one operation. Its first named request example stands for a valid request; the others vary it.
 * @param {import('@payments-connect/contract').ContractOperation} operation
 * @returns {Row[]}
 */
function rowsOf(operation) {
  const { operationId } = operation;
  const paired = contract.namedExamples(operation).filter((named) => named.problems.length === 0);
  const sent = paired.map((named) => ({ name: named.name, request: contract.exampleRequest(operation, named.name) }));
  const [first] = sent;
  if (!first) throw new Error(`${operationId} has no named request example to send`);
  /** @type {Record<string, string>} */
  const bearer = operation.requiresBearer ? { Authorization: 'Bearer parity-token' } : {};
  /** @type {(label: string, change?: Partial<Row>) => Row} */
  const row = (label, change = {}) => ({
    label: `${operationId}: ${label}`,
    method: first.request.method,
    target: first.request.target,
    headers: { ...first.request.headers, ...bearer },
    body: first.request.body,
    ...change,
  });
  const otherIds = operation.parameters
    .filter((parameter) => parameter.in === 'path')
    .reduce((target, { name }) => target.replace(`{${name}}`, OTHER_ID), operation.path);
  const query = first.request.target.includes('?') ? first.request.target.slice(first.request.target.indexOf('?')) : '';
  /** @type {Row[]} */
  const rows = [
    // Each named example sent as it is: the mock answers its paired example (example-matcher.js).
    ...sent.map(({ name, request }) =>
      row(`the request of ${name}`, {
        target: request.target,
        headers: { ...request.headers, ...bearer },
        body: request.body,
      }),
    ),
    row('the ids of another path', { target: `${otherIds}${query}` }),
  ];
  // Each documented status, by its named examples where it has some, else by its code alone.
  for (const response of operation.responses) {
    const asked =
      response.exampleNames.length === 0
        ? [`code=${response.status}`]
        : response.exampleNames.map((name) => `code=${response.status}, example=${name}`);
    for (const prefer of asked)
      rows.push(
        row(`Prefer ${prefer}`, { target: `${otherIds}${query}`, headers: { ...row('').headers, Prefer: prefer } }),
      );
  }
  rows.push(
    row('Prefer code=418, which it does not document', { headers: { ...row('').headers, Prefer: 'code=418' } }),
  );
  if (operation.requiresBearer) rows.push(row('no token', { headers: { ...first.request.headers } }));
  if (operation.parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'AccountId')) {
    const { AccountId: _left, ...rest } = row('').headers;
    rows.push(row('no AccountId', { headers: rest }));
  }
  if (operation.requestBody) {
    const json = { ...row('').headers, 'Content-Type': 'application/json' };
    rows.push(row('a body of the wrong shape', { headers: json, body: '[]' }));
    rows.push(row('a body that is no JSON', { headers: json, body: '{"answer": ' }));
  }
  return rows;
}

const rows = [
  ...contract.operations.flatMap(rowsOf),
  { label: 'an unknown path', method: 'GET', target: '/v1/no-such-thing', headers: {}, body: undefined },
  { label: 'a method the path lacks', method: 'DELETE', target: '/v1/rfi', headers: {}, body: undefined },
];

/**
 * What an answer says, for comparison: its status, body and the headers that carry meaning.
 * @param {Response} response
 */
async function said(response) {
  const text = await response.text();
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name)));
  return { status: response.status, headers, body: text === '' ? '' : JSON.parse(text) };
}

/** Node's own fetch, kept before MSW patches it: the mock server's requests go straight to it. */
const serverFetch = globalThis.fetch;
/** @type {import('../../src/index.js').RunningMock} */
let server;
const handlers = createHandlers({ baseUrl: BASE_URL });
const msw = setupServer(...handlers.handlers);

beforeAll(async () => {
  server = await startMock();
  // The mock server's control calls (connectMock) are no business of the handlers: another origin, passed through.
  msw.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(async () => {
  msw.close();
  await server?.stop();
});

describe('the MSW handlers and the mock server', () => {
  it('answer every request of the table alike', async () => {
    // Every operation is in the table with its refusals; an empty table would compare nothing.
    expect(new Set(rows.map(({ label }) => label.split(':')[0])).size).toBe(contract.operations.length + 2);
    expect(rows.length).toBeGreaterThan(300);
    const differing = [];
    for (const { label, method, target, headers, body } of rows) {
      const init = { method, headers, body };
      const fromServer = await said(await serverFetch(`${server.url}${target}`, init));
      const fromHandlers = await said(await fetch(`${BASE_URL}${target}`, init));
      if (JSON.stringify(fromHandlers) !== JSON.stringify(fromServer))
        differing.push({ label, fromServer, fromHandlers });
    }
    expect(differing).toEqual([]);
  });

  it('journal what they received alike', () => {
    /** @param {import('../../src/index.js').JournalEntry} entry */
    const judged = ({ id: _id, time: _time, durationMs: _duration, ...entry }) => entry;
    const fromServer = server.requests().map(judged);
    expect(fromServer).toHaveLength(rows.length);
    expect(handlers.requests().map(judged)).toEqual(fromServer);
  });

  it('answer an operation as configured alike, in one line each', async () => {
    const answer = 'code=409, example=rfiNotOpen';
    expect(handlers.setAnswer('answerRfiQuestion', answer)).toEqual(
      await connectMock(server.url).setAnswer('answerRfiQuestion', answer),
    );
    const [row] = rowsOf(/** @type {any} */ (contract.operation('answerRfiQuestion')));
    const init = { method: row?.method, headers: row?.headers, body: row?.body };
    const fromHandlers = await said(await fetch(`${BASE_URL}${row?.target}`, init));
    expect(fromHandlers.status).toBe(409);
    expect(fromHandlers).toEqual(await said(await serverFetch(`${server.url}${row?.target}`, init)));
    expect(handlers.answers()).toEqual(await connectMock(server.url).answers());
  });
});
