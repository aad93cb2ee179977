import { describe, expect, it } from 'vitest';
import { createContract } from '../src/contract.js';
import { smallContractDocument } from './fixtures/small-contract.js';

const contract = createContract(smallContractDocument());
/** @param {string} id */
const operation = (id) => {
  const found = contract.operation(id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};

describe('the operations of the contract', () => {
  it('lists every operation with an upper-case method and its template', () => {
    expect(contract.operations.map((o) => `${o.method} ${o.path} ${o.operationId}`)).toEqual([
      'POST /token token',
      'GET /items listItems',
      'PUT /items/{id} putItem',
      'GET /items/special special',
    ]);
  });

  it('merges path-level parameters, the operation-level one winning on the same name and location', () => {
    const parameters = operation('putItem').parameters;
    expect(parameters.map((p) => `${p.in} ${p.name}`)).toEqual(['path id', 'header X-Trace']);
    expect(parameters[0]).toMatchObject({ required: true, schema: { format: 'uuid' } });
    expect(parameters[0]?.schemaPointer).toBe('#/paths/~1items~1%7Bid%7D/put/parameters/0/schema');
  });

  it('applies the document security unless the operation sets its own; finds the token operation', () => {
    expect(operation('listItems')).toMatchObject({ security: [{ Bearer: [] }], requiresBearer: true });
    expect(operation('token')).toMatchObject({ security: [], requiresBearer: false });
    expect(contract.tokenOperation?.operationId).toBe('token');
  });

  it('applies the document servers unless the operation sets its own, each with its environment', () => {
    expect(operation('listItems').servers.map((s) => [s.environment, s.defaultUrl])).toEqual([
      ['production', 'https://api.small.example'],
      ['sandbox', 'https://sandbox.small.example/v2'],
    ]);
    expect(operation('putItem')).toMatchObject({ sandboxOnly: true, servers: [{ environment: 'sandbox' }] });
  });

  it('resolves the request body and the responses, keeping where each sits', () => {
    expect(operation('putItem').requestBody).toMatchObject({
      required: true,
      pointer: '#/components/requestBodies/Item',
      mediaTypes: ['application/json'],
    });
    expect(operation('listItems').responses.map((r) => [r.status, r.pointer])).toEqual([
      ['200', '#/paths/~1items/get/responses/200'],
      ['4XX', '#/components/responses/Error'],
      ['default', '#/paths/~1items/get/responses/default'],
    ]);
    expect(operation('listItems').responses[1]?.exampleNames).toEqual(['bad']);
  });
});
