import { describe, expect, it } from 'vitest';
import { loadBundledDocument, openEnumValues } from '../src/contract.js';

const PLAIN = { type: 'string' };

describe('openEnumValues', () => {
  it('reads the documented values of every open enum of the bundled description', () => {
    const schemas = loadBundledDocument().components.schemas;
    const open = Object.entries(schemas).flatMap(([name, schema]) => {
      const values = openEnumValues(schema);
      return values ? [[name, values]] : [];
    });
    expect(Object.fromEntries(open)).toEqual({
      GatewayErrorCode: ['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'],
      PaymentRequestExecutionMode: ['HOSTED_PAGE'],
      PaymentRequestStatus: ['UNPAID', 'PART_PAID'],
      RfiCaseStatus: ['CLOSED', 'CANCELLED', 'OPEN'],
    });
  });

  it('takes enum and const branches, keeps their order and drops repeats', () => {
    const schema = { anyOf: [{ enum: ['B', 'A'] }, { const: 'C' }, { type: 'string', enum: ['A'] }, PLAIN] };
    expect(openEnumValues(schema)).toEqual(['B', 'A', 'C']);
  });

  it('is undefined for a closed enum, a union without a plain string, or a narrowed string', () => {
    expect(openEnumValues({ type: 'string', enum: ['A', 'B'] })).toBeUndefined();
    expect(openEnumValues({ anyOf: [{ enum: ['A'] }, { type: 'integer' }] })).toBeUndefined();
    expect(openEnumValues({ anyOf: [{ enum: ['A'] }, { type: 'string', pattern: '^A' }] })).toBeUndefined();
    expect(openEnumValues({ anyOf: [{ enum: ['A'] }, PLAIN, PLAIN] })).toBeUndefined();
    expect(openEnumValues({ anyOf: [{ enum: [1, 2] }, PLAIN] })).toBeUndefined();
    expect(openEnumValues({ anyOf: [{ $ref: '#/components/schemas/Code' }, PLAIN] })).toBeUndefined();
    expect(openEnumValues({ oneOf: [{ enum: ['A'] }, PLAIN] })).toBeUndefined();
    expect(openEnumValues(undefined)).toBeUndefined();
  });

  it('accepts a documented plain branch (title, description)', () => {
    const branch = { type: 'string', title: 'Any other code', description: 'Passed through.' };
    expect(openEnumValues({ anyOf: [{ type: 'string', enum: ['A'] }, branch] })).toEqual(['A']);
  });
});
