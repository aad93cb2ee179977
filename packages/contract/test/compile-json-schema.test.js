// compileJsonSchema: a format of a server's own checked with the contract's Ajv, first problem first, each issue with
// the words its schema gives for what it wanted.
import { describe, expect, it } from 'vitest';
import { compileJsonSchema } from '../src/contract.js';

const check = compileJsonSchema({
  type: 'object',
  required: ['id', 'items'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', pattern: '^[a-z]+$', description: 'a word in lower case' },
    items: { type: 'array', maxItems: 2, items: { type: 'integer' } },
  },
});

describe('compileJsonSchema', () => {
  it('finds nothing wrong with a value that matches', () => {
    expect(check({ id: 'abc', items: [1, 2] })).toEqual([]);
  });

  it('reports the first problem, with the description of the schema that failed', () => {
    expect(check({ id: 'ABC', items: [] })).toEqual([
      expect.objectContaining({ path: '/id', keyword: 'pattern', description: 'a word in lower case' }),
    ]);
    expect(check({ id: 'abc', items: [1, 'two', 'three'] })).toHaveLength(1);
  });

  it('names a missing or unknown property by its own path, and the properties there are for one unknown', () => {
    expect(check({ id: 'abc' })).toEqual([expect.objectContaining({ path: '/items', keyword: 'required' })]);
    expect(check({ id: 'abc', items: [], colour: 'blue' })).toEqual([
      expect.objectContaining({ path: '/colour', keyword: 'additionalProperties', expected: 'id, items' }),
    ]);
  });
});
