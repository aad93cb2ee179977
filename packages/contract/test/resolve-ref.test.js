import { describe, expect, it } from 'vitest';
import { dereference, resolveRef } from '../src/model/resolve-ref.js';
import { smallContractDocument } from './fixtures/small-contract.js';

const document = smallContractDocument();

describe('dereference', () => {
  it('follows a chain of references and says where it ended', () => {
    const { node, pointer } = dereference(document, { $ref: '#/components/requestBodies/Item' }, '#/x');
    expect(pointer).toBe('#/components/requestBodies/Item');
    expect(node.required).toBe(true);
  });

  it('returns a node that is no reference as it is, at the pointer given', () => {
    const node = { type: 'string' };
    expect(dereference(document, node, '#/here')).toEqual({ node, pointer: '#/here' });
  });

  it('lays sibling keys over the target, the nearest winning', () => {
    const doc = {
      a: { $ref: '#/b', description: 'near' },
      b: { $ref: '#/c', description: 'far', summary: 's' },
      c: { x: 1 },
    };
    expect(resolveRef(doc, doc.a)).toEqual({ x: 1, description: 'near', summary: 's' });
  });

  it('reports a cycle instead of looping, and a reference that names nothing', () => {
    expect(() => resolveRef(document, { $ref: '#/components/schemas/LoopA' })).toThrow(
      '$ref cycle: #/components/schemas/LoopA -> #/components/schemas/LoopB -> #/components/schemas/LoopA',
    );
    expect(() => resolveRef(document, { $ref: '#/components/schemas/Nope' })).toThrow(
      'unresolvable reference #/components/schemas/Nope',
    );
    expect(() => resolveRef(document, { $ref: 'other.yaml#/x' })).toThrow('only local references');
  });

  it('decodes escaped pointer tokens (~1, ~0, percent-encoding)', () => {
    const doc = { paths: { '/a/{b}': { 'x~y': 1 } } };
    expect(resolveRef(doc, { $ref: '#/paths/~1a~1%7Bb%7D/x~0y' })).toBe(1);
  });
});
