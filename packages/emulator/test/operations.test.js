import { loadContract } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { bodyOf, operationRequests } from './support/operation-requests.js';
import { useEmulator } from './support/use-emulator.js';

const specOperations = loadContract().operations;

describe('every operation of the spec', () => {
  const ctx = useEmulator();

  it('has 24 operations, each with a request in this table', () => {
    const table = operationRequests(ctx.fixtures, ctx.emulator.credentials);
    expect(specOperations).toHaveLength(24);
    expect(Object.keys(table).sort()).toEqual(specOperations.map((op) => op.operationId).sort());
    for (const op of specOperations)
      expect(`${table[op.operationId].method} ${op.operationId}`).toBe(`${op.method} ${op.operationId}`);
  });

  it.each(specOperations.map((op) => [op.operationId]))(
    '%s answers its documented success status',
    async (operationId) => {
      const request = operationRequests(ctx.fixtures, ctx.emulator.credentials)[operationId];
      const result = await ctx.call(request.method, request.path, bodyOf(request));
      expect(result.status, JSON.stringify(result.body)).toBe(request.success);
    },
  );
});
