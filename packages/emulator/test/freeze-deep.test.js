import { describe, expect, it } from 'vitest';
import { freezeDeep } from '../src/freeze-deep.js';

describe('freezeDeep', () => {
  it('freezes a value and everything it holds, and returns it', () => {
    const value = { nested: { list: [1, { deep: true }] } };
    expect(freezeDeep(value)).toBe(value);
    expect(Object.isFrozen(value.nested.list[1])).toBe(true);
    expect(() => {
      /** @type {any} */ (value.nested).list = [];
    }).toThrow(TypeError);
  });

  it('leaves primitives as they are', () => {
    expect(freezeDeep(3)).toBe(3);
    expect(freezeDeep(null)).toBe(null);
  });
});
