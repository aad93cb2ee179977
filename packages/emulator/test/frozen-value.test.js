import { describe, expect, it, vi } from 'vitest';
import { freezeDeep, memoOfFrozen } from '../src/frozen-value.js';

describe('memoOfFrozen', () => {
  it('works a deeply frozen value out once per key, and any other value every time', () => {
    const frozen = freezeDeep({ nested: { list: [1, 2] } });
    const compute = vi.fn(() => JSON.stringify(frozen));
    expect(memoOfFrozen(frozen, 'json', compute)).toBe('{"nested":{"list":[1,2]}}');
    expect(memoOfFrozen(frozen, 'json', compute)).toBe('{"nested":{"list":[1,2]}}');
    expect(compute).toHaveBeenCalledTimes(1);
    memoOfFrozen(frozen, 'another key', compute);
    expect(compute).toHaveBeenCalledTimes(2);
    expect(Object.isFrozen(frozen.nested.list)).toBe(true);

    // Object.freeze alone is shallow: a nested object could still change, so nothing is kept for it.
    const shallow = Object.freeze({ nested: { list: [1, 2] } });
    const each = vi.fn(() => 'computed');
    memoOfFrozen(shallow, 'json', each);
    memoOfFrozen(shallow, 'json', each);
    memoOfFrozen(undefined, 'json', each);
    expect(each).toHaveBeenCalledTimes(3);
  });
});
