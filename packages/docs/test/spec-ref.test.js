import { describe, expect, it } from 'vitest';
import { resolveRef } from '../src/spec-ref.js';

describe('resolveRef', () => {
  const spec = {
    components: {
      schemas: {
        'a/b': { type: 'string' },
        Alias: { $ref: '#/components/schemas/a~1b' },
        Loop: { $ref: '#/components/schemas/Loop' },
      },
    },
  };

  it('follows a chain of local references, with ~1 and ~0 unescaped', () => {
    expect(resolveRef(spec, { $ref: '#/components/schemas/Alias' })).toEqual({ type: 'string' });
  });

  it('returns a node that is no reference as it is', () => {
    expect(resolveRef(spec, { type: 'integer' })).toEqual({ type: 'integer' });
  });

  it('refuses external, missing and circular references', () => {
    expect(() => resolveRef(spec, { $ref: 'other.yaml#/x' })).toThrow(/local/);
    expect(() => resolveRef(spec, { $ref: '#/components/schemas/Missing' })).toThrow(/Unresolved/);
    expect(() => resolveRef(spec, { $ref: '#/components/schemas/Loop' })).toThrow(/Circular/);
  });
});
