import { describe, expect, it } from 'vitest';
import { createContract, loadContract } from '../src/contract.js';
import { smallContractDocument } from './fixtures/small-contract.js';

const contract = loadContract();

describe('errorCode', () => {
  it('is the code the spec examples give the status, the operation first', () => {
    const listRfiCases = contract.operation('listRfiCases');
    expect(contract.errorCode(400, listRfiCases)).toBe('VALIDATION_FAILED');
    expect(contract.errorCode(401)).toBe('UNAUTHORIZED');
    expect(contract.errorCode(415)).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(contract.errorCode(409)).toBe('CONFLICT');
  });

  it('falls back to the reason phrase of RFC 9110 when no example shows a code', () => {
    expect(contract.errorCode(413)).toBe('CONTENT_TOO_LARGE');
    expect(createContract(smallContractDocument()).errorCode(503)).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('refusalForMatch', () => {
  it('answers 404, 405 with Allow, and 400 for a target that is no path', () => {
    expect(contract.refusalForMatch(contract.match('GET', '/v1/nothing'))).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'no operation at /v1/nothing' },
    });
    expect(contract.refusalForMatch(contract.match('DELETE', '/v1/rfi'))).toMatchObject({
      status: 405,
      headers: { Allow: 'GET' },
      body: { code: 'METHOD_NOT_ALLOWED', message: 'method not allowed on /v1/rfi (allowed: GET)' },
    });
    expect(contract.refusalForMatch(contract.match('OPTIONS', '*'))).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    });
    expect(contract.refusalForMatch(contract.match('GET', '/v1/rfi'))).toBeUndefined();
  });

  it('every refusal is a valid error envelope', () => {
    for (const target of ['/v1/nothing', '*']) {
      const refusal = contract.refusalForMatch(contract.match('GET', target));
      expect(contract.validateAt('#/components/schemas/ErrorEnvelope', refusal?.body)).toEqual([]);
    }
  });
});
