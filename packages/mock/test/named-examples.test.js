// Every named example of the spec, sent to the mock as it is (an upload as a real multipart body, its file part named
// as its example names it), gets the answer its paired response example shows: without a preference, since the
// request is that example (src/example-matcher.js), and when `Prefer` asks for that example.
import { loadContract } from '@payments-connect/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/index.js';
import { SERVED_EXAMPLE_HEADER } from '../src/mock-answerer.js';

const contract = loadContract();

/** The named examples that pair completely: a request every part of which the examples give. */
const exchanges = contract.operations.flatMap((operation) =>
  contract
    .namedExamples(operation)
    .filter((named) => named.problems.length === 0 && (named.parameters.length > 0 || named.body))
    .map((named) => /** @type {const} */ ([`${operation.operationId} ${named.name}`, operation, named])),
);

/** @type {import('../src/index.js').RunningMock} */
let mock;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock?.stop());

/**
 * Sends the request of a named example as the contract model builds it, with a bearer token where it takes one.
 * @param {import('@payments-connect/contract').ContractOperation} operation
 * @param {import('@payments-connect/contract').NamedExample} named
 * @param {Record<string, string>} [extra] headers added to the example's
 */
async function sendExample(operation, named, extra = {}) {
  const request = contract.exampleRequest(operation, named.name);
  /** @type {Record<string, string>} */
  const headers = { ...request.headers, ...extra };
  if (operation.requiresBearer) headers.Authorization = 'Bearer example-access-token';
  const response = await fetch(`${mock.url}${request.target}`, { method: request.method, headers, body: request.body });
  const text = await response.text();
  const example = named.response?.example;
  expect({ status: response.status, body: text }).toMatchObject({ status: Number(named.response?.status) });
  if (example === undefined) expect(text).toBe('');
  else expect(JSON.parse(text)).toEqual(example.value);
  return response;
}

describe('every named example, sent as it is, gets its paired answer from the mock', () => {
  it('covers every operation', () => {
    const covered = new Set(exchanges.map(([, operation]) => operation.operationId));
    expect(contract.operations.map((o) => o.operationId).filter((id) => !covered.has(id))).toEqual([]);
  });

  it.each(exchanges)('%s', async (_label, operation, named) => {
    const status = named.response?.status;
    // A response without content has no example to name: its status alone picks it.
    const prefer = named.response?.example === undefined ? `code=${status}` : `code=${status}, example=${named.name}`;
    await sendExample(operation, named, { Prefer: prefer });
  });
});

describe('every named example, sent as it is with no preference, is answered by its own example', () => {
  it('includes the error examples a request states (the closed case, another account, a locked item)', () => {
    const labels = exchanges.map(([label]) => label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'answerRfiQuestion rfiNotOpen',
        'getRfiCase otherAccountCase',
        'attachRfiDocument rfiItemAlreadyApproved',
      ]),
    );
  });

  it.each(exchanges)('%s', async (_label, operation, named) => {
    const response = await sendExample(operation, named);
    const served = named.response?.example === undefined ? null : named.name;
    expect(response.headers.get(SERVED_EXAMPLE_HEADER)).toBe(served);
    // The request asked for nothing: RFC 7240 lets the mock say only what was asked.
    expect(response.headers.get('Preference-Applied')).toBeNull();
    const entry = mock.requests({ operationId: operation.operationId }).at(-1);
    expect(entry?.notes).toEqual([`the request is the example ${named.name}: answered its ${response.status}`]);
  });
});
