// The spec's named examples as typed builders (`fixtures` of @payments-connect/mock/msw): a fresh copy of each, its
// overrides in, held to the contract; a record the contract would refuse, or a property it does not document, is one
// FixtureError naming the builder, the property and the rule. Their types: msw-types.test-d.ts.
import { loadContract } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { FixtureError, fixtures } from '../../src/msw.js';

const contract = loadContract();
const rfiId = 'd3b07384-d9a0-4c3b-9f6e-2b2d1a6f1e11';

describe('fixtures', () => {
  it('builds every named response example of every operation, as the spec shows it, under its name', () => {
    let built = 0;
    for (const operation of contract.operations) {
      const names = new Set(operation.responses.flatMap((response) => response.exampleNames));
      const builders = /** @type {Record<string, Record<string, () => unknown>>} */ (fixtures)[operation.operationId];
      expect(Object.keys(builders ?? {}).sort(), operation.operationId).toEqual([...names].sort());
      for (const name of names) {
        const response = operation.responses.find((r) => r.exampleNames.includes(name));
        const example = contract.dereference(response?.response.content?.['application/json'].examples[name]).node;
        expect(builders?.[name]?.(), `${operation.operationId} ${name}`).toEqual(example.value);
        built += 1;
      }
    }
    // Every example of the spec, counted: an empty table would pass the loop above.
    expect(built).toBeGreaterThan(150);
  });

  it('hands out a fresh copy each call, the overrides spread over the example', () => {
    const first = fixtures.getRfiCase.closedCase({ rfiId });
    expect(first).toEqual({ ...contract.responseExample('getRfiCase', 'closedCase'), rfiId });
    first.questions?.splice(0);
    expect(fixtures.getRfiCase.closedCase().questions).toHaveLength(1);
  });

  it('refuses a record that breaks the contract, naming the builder, the property and the rule', () => {
    const wrong = () => fixtures.getRfiCase.closedCase({ rfiId: 'case-1' });
    expect(wrong).toThrow(FixtureError);
    expect(wrong).toThrow(
      'fixtures.getRfiCase.closedCase: the record breaks the contract (getRfiCase 200): ' +
        'rfiId (format): body/rfiId must match format "uuid"',
    );
    // @ts-expect-error what the compiler refuses, the contract refuses at run time too
    expect(() => fixtures.getRfiCase.closedCase({ questions: 'none' })).toThrow(
      'questions (type): body/questions must be array',
    );
  });

  it('refuses a property the record does not document, naming the one meant', () => {
    // RfiCase takes properties of its own (additionalProperties), so the compiler lets a typo through: the fixture not.
    // What it documents is the spec's to say: the list is read from its schema of a case.
    const documented = Object.keys(contract.document.components?.schemas?.RfiCase?.properties ?? {});
    expect(documented).toContain('rfiId');
    expect(() => fixtures.getRfiCase.closedCase({ rfId: rfiId })).toThrow(
      'fixtures.getRfiCase.closedCase: rfId is no property the contract documents for this record (did you mean ' +
        `rfiId?); it documents ${documented.join(', ')}. To add one of your own, spread the fixture: ` +
        '{ ...fixture(), extra }',
    );
    // @ts-expect-error overrides are an object
    expect(() => fixtures.getRfiCase.closedCase('closed')).toThrow(
      "fixtures.getRfiCase.closedCase: overrides are an object of the record's properties, got a string",
    );
  });
});
