import { describe, expect, it } from 'vitest';
import { limitBytes } from '../src/sections/bundle-size.js';

describe('limitBytes', () => {
  it('reads a size-limit budget in bytes and refuses a unit it would have to guess', () => {
    expect(limitBytes('4400 B')).toBe(4400);
    expect(() => limitBytes('4.4 kB')).toThrow(/not in bytes/);
  });
});
