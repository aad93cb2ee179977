import { describe, expect, it } from 'vitest';
import { createContract, loadContract } from '../src/contract.js';
import { smallContractDocument } from './fixtures/small-contract.js';

const bundled = loadContract();
const small = createContract(smallContractDocument());
const RFI_ID = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';

describe('match', () => {
  it('finds the operation and decodes its path parameters', () => {
    const result = bundled.match('put', `/v1/rfi/${RFI_ID}/questions/q%201/answer?x=1`);
    expect(result).toMatchObject({
      kind: 'matched',
      operation: { operationId: 'answerRfiQuestion' },
      pathParams: { rfiId: RFI_ID, questionId: 'q 1' },
    });
  });

  it('answers a method the path lacks with the methods it has', () => {
    expect(bundled.match('DELETE', '/v1/rfi')).toMatchObject({ kind: 'method-not-allowed', allowed: ['GET'] });
    expect(bundled.match('POST', '/v1/account/users/x')).toMatchObject({ allowed: ['GET', 'PUT', 'DELETE'] });
  });

  it('finds nothing for an unknown path, an empty segment or a missing parameter', () => {
    expect(bundled.match('GET', '/v1/unknown').kind).toBe('not-found');
    expect(bundled.match('GET', `/v1/rfi//${RFI_ID}`).kind).toBe('not-found');
    expect(bundled.match('GET', '/v1/rfi//questions').kind).toBe('not-found');
  });

  it('applies the target rule: trailing slash, dot segments, encoding, absolute form', () => {
    for (const target of ['/v1/rfi/', '/v1/x/../rfi', '/v1/%72fi', 'http://host.example/v1/rfi']) {
      expect(bundled.match('GET', target), target).toMatchObject({
        kind: 'matched',
        operation: { operationId: 'listRfiCases' },
      });
    }
    expect(bundled.match('OPTIONS', '*')).toMatchObject({ kind: 'invalid-target' });
  });

  it('prefers a literal segment over a parameter, whatever the order of paths', () => {
    expect(small.match('GET', '/items/special')).toMatchObject({
      kind: 'matched',
      operation: { operationId: 'special' },
    });
    expect(small.match('PUT', '/items/special')).toMatchObject({ kind: 'method-not-allowed', allowed: ['GET'] });
    expect(small.match('PUT', '/items/other')).toMatchObject({ operation: { operationId: 'putItem' } });
  });
});
