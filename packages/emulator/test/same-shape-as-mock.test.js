// One shape for one situation: the emulator and the mock answer the same fields for the same RFI record. A service
// tested against the mock (which answers the spec's examples) and then against the emulator (which answers its state)
// must not meet a field on one that the other lacks: `status: OPEN` on the open case, `approved` on its items. Each
// RFI exchange the spec's named examples give, sent to both as it is (the mock told which example by `Prefer`), must
// answer bodies of the same shape: the same fields, at every depth, holding values of the same JSON type. Values may
// differ (an attach's time); the other areas' records are the emulator's own open objects and are not compared.
import { loadContract } from '@payments-connect/contract';
import { startMock } from '@payments-connect/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEmulator } from './support/use-emulator.js';

const contract = loadContract();

/** The RFI exchanges whose examples pair completely and answer a record (2xx with a body). */
const exchanges = contract.operations
  .filter((operation) => operation.path.startsWith('/v1/rfi'))
  .flatMap((operation) =>
    contract
      .namedExamples(operation)
      .filter(
        ({ problems, response }) => problems.length === 0 && /^2/.test(response?.status ?? '') && response?.example,
      )
      .map((named) => /** @type {const} */ ([`${operation.operationId} ${named.name}`, operation, named])),
  );

/**
 * A JSON value's shape: an object's fields (sorted) with their shapes, an array's items' shapes, else its type.
 * @param {unknown} value
 * @returns {unknown}
 */
function shape(value) {
  if (Array.isArray(value)) return value.map(shape);
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, shape(/** @type {Record<string, unknown>} */ (value)[key])]),
  );
}

describe('the emulator and the mock answer an RFI record with the same fields', () => {
  const ctx = useEmulator();
  /** @type {import('@payments-connect/mock').RunningMock} */
  let mock;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(() => mock?.stop());

  /**
   * The answer of a server to the exchange's request, sent as the example gives it.
   * @param {string} base
   * @param {import('@payments-connect/contract').ContractOperation} operation
   * @param {string} name the exchange
   * @param {Record<string, string>} extraHeaders
   */
  async function answer(base, operation, name, extraHeaders) {
    const request = contract.exampleRequest(operation, name);
    const response = await fetch(`${base}${request.target}`, {
      method: request.method,
      headers: { ...request.headers, ...extraHeaders },
      body: request.body,
    });
    return { status: response.status, body: await response.json() };
  }

  it('for the open case: the same fields, status OPEN on both, and the case asked for', async () => {
    const rfiId = ctx.fixtures.openRfiId;
    const fromEmulator = await ctx.call('GET', `/v1/rfi/${rfiId}`);
    const fromMock = await fetch(`${mock.url}/v1/rfi/${rfiId}`, {
      headers: { Authorization: 'Bearer any', AccountId: ctx.emulator.accounts.primary.accountId },
    });
    const mockCase = await fromMock.json();
    expect(shape(mockCase)).toEqual(shape(fromEmulator.body));
    expect([mockCase.rfiId, mockCase.status]).toEqual([rfiId, 'OPEN']);
    expect(fromEmulator.body.status).toBe('OPEN');
    // Another id the mock's example does not name: the mock still answers that case.
    const other = 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e';
    const asked = await fetch(`${mock.url}/v1/rfi/${other}`, {
      headers: { Authorization: 'Bearer any', AccountId: ctx.emulator.accounts.primary.accountId },
    });
    expect((await asked.json()).rfiId).toBe(other);
  });

  it('covers every RFI operation that answers a record', () => {
    const covered = new Set(exchanges.map(([, operation]) => operation.operationId));
    expect([...covered].sort()).toEqual(
      ['attachRfiDocument', 'answerRfiQuestion', 'getRfiCase', 'listRfiCases', 'submitRfiResponses'].sort(),
    );
  });

  it.each(exchanges)('%s', async (_label, operation, named) => {
    const bearer = { Authorization: `Bearer ${await ctx.freshToken()}` };
    const fromEmulator = await answer(ctx.emulator.url, operation, named.name, bearer);
    const prefer = `code=${named.response?.status}, example=${named.name}`;
    const fromMock = await answer(mock.url, operation, named.name, { Authorization: 'Bearer any', Prefer: prefer });
    expect(fromMock.status).toBe(fromEmulator.status);
    expect(shape(fromMock.body)).toEqual(shape(fromEmulator.body));
  });
});
