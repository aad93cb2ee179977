// A webhook payload judged as an answer body is: by the schema of the webhook of its kind, the place and rule of each
// violation named; a kind the spec has no webhook of is itself a violation.
import { describe, expect, it } from 'vitest';
import { createContract, loadContract } from '../src/contract.js';

const contract = loadContract();

describe('contract.checkWebhookPayload', () => {
  it('finds nothing in a payload that keeps the schema of its kind', () => {
    expect(contract.checkWebhookPayload('v1.rfi.case.*', { rfiId: 'anything' })).toEqual({
      errors: [],
      violations: [],
    });
  });

  it('names the place and the rule of what breaks it', () => {
    const stricter = structuredClone(contract.document);
    stricter.components.schemas.RfiCaseEvent.required = ['signature'];
    const verdict = createContract(stricter).checkWebhookPayload('v1.rfi.case.*', { rfiId: 'x' });
    expect(verdict.errors).toEqual(["(root) must have required property 'signature'"]);
    expect(verdict.violations).toEqual([
      expect.objectContaining({ location: 'body', name: 'signature', rule: 'required', expected: 'signature' }),
    ]);
  });

  it('refuses a kind the spec has no webhook of, as undocumented', () => {
    expect(contract.checkWebhookPayload('v1.wallet.*', {})).toEqual({
      errors: ['no webhook v1.wallet.* in the spec'],
      violations: [
        {
          location: 'body',
          name: '',
          rule: 'documented',
          message: 'no webhook v1.wallet.* in the spec',
          expected: undefined,
        },
      ],
    });
  });
});
