import { describe, expect, it } from 'vitest';
import { readBundledSpec } from '../src/bundled-spec.js';
import { addFlags, FLAGS } from '../src/flags.js';
import { listOperations, listWebhooks } from '../src/operations.js';

const [sandboxFlag, designedFlag] = FLAGS;

describe('addFlags', () => {
  it('badges and notes every flagged operation of the spec, and no other', () => {
    const spec = structuredClone(readBundledSpec().spec);
    const before = structuredClone(spec);
    const flagged = addFlags(spec);
    const operations = [...listOperations(spec), ...listWebhooks(spec)].map(({ operation }) => operation);
    const originals = [...listOperations(before), ...listWebhooks(before)].map(({ operation }) => operation);
    for (const flag of FLAGS) {
      const expected = originals
        .filter((operation) => operation[flag.extension] === true)
        .map(({ operationId }) => operationId);
      expect(expected.length, flag.extension).toBeGreaterThan(0);
      expect(flagged[flag.extension].filter((node) => node.operationId).map(({ operationId }) => operationId)).toEqual(
        expected,
      );
    }
    for (const [index, operation] of operations.entries()) {
      const flags = FLAGS.filter((flag) => operation[flag.extension] === true);
      expect(operation['x-badges'] ?? [], operation.operationId).toEqual(flags.map((flag) => flag.badge));
      const description = originals[index].description ?? '';
      expect(operation.description, operation.operationId).toBe(
        [...flags.map((flag) => flag.notice).reverse(), description].filter(Boolean).join('\n\n'),
      );
    }
  });

  it('notes flagged schemas and properties, even a property named like a data keyword, but never example data', () => {
    const spec = {
      components: {
        schemas: {
          Thing: {
            type: 'object',
            'x-designed-here': true,
            properties: { value: { type: 'string', description: 'The value.', 'x-designed-here': true } },
            example: { 'x-designed-here': true },
          },
        },
        examples: { Sample: { value: { 'x-sandbox-only': true } } },
      },
    };
    const flagged = addFlags(spec);
    expect(flagged[designedFlag.extension].map(({ pointer }) => pointer)).toEqual([
      '#/components/schemas/Thing',
      '#/components/schemas/Thing/properties/value',
    ]);
    expect(flagged[sandboxFlag.extension]).toEqual([]);
    expect(spec.components.schemas.Thing.description).toBe(designedFlag.notice);
    expect(spec.components.schemas.Thing.properties.value.description).toBe(`${designedFlag.notice}\n\nThe value.`);
    expect(spec.components.examples.Sample.value).toEqual({ 'x-sandbox-only': true });
  });
});
