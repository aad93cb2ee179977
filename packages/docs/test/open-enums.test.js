import { createContract, loadBundledDocument, openEnumValues } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { addOpenEnumValues, designedEnumValues, openEnumNote } from '../src/open-enums.js';

describe('addOpenEnumValues', () => {
  it('lists the values of every open enum of the spec in its description, and samples the first', () => {
    const published = loadBundledDocument();
    const contract = createContract(structuredClone(published));
    const rewritten = addOpenEnumValues(contract);
    const expected = Object.entries(published.components.schemas).filter(([, schema]) => openEnumValues(schema));
    expect(rewritten).toEqual(expected.map(([name]) => name));
    expect(rewritten).toContain('GatewayErrorCode');
    for (const [name, original] of expected) {
      const designed = designedEnumValues(original);
      const values = (openEnumValues(original) ?? []).filter((value) => !designed.includes(value));
      const schema = contract.document.components.schemas[name];
      expect(schema).toEqual({
        type: 'string',
        description: `${original.description.trim()}\n\n${openEnumNote(values, designed)}`,
        example: values[0],
      });
    }
    expect(published.components.schemas.GatewayErrorCode.anyOf).toHaveLength(2);
  });

  it('names the values designed here apart from the documented ones: the open case status OPEN', () => {
    const contract = createContract(structuredClone(loadBundledDocument()));
    addOpenEnumValues(contract);
    expect(contract.document.components.schemas.RfiCaseStatus.description).toContain(
      '**Documented values:** `CLOSED`, `CANCELLED`. **Unconfirmed (designed here):** `OPEN`. The set is open',
    );
    expect(contract.document.components.schemas.RfiCaseStatus.example).toBe('CLOSED');
  });

  it('says the set is open and names each value as code', () => {
    expect(openEnumNote(['A', 'B'])).toBe(
      '**Documented values:** `A`, `B`. The set is open: any other string is valid, so pass unknown values through.',
    );
  });

  it('leaves closed enums and other unions alone', () => {
    const schemas = {
      Closed: { type: 'string', enum: ['A'] },
      Union: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    };
    const contract = createContract({ openapi: '3.1.0', components: { schemas: structuredClone(schemas) } });
    expect(addOpenEnumValues(contract)).toEqual([]);
    expect(contract.document.components.schemas).toEqual(schemas);
  });
});
