import { describe, expect, it } from 'vitest';
import { bumpBetween, highestBump } from '../src/semver-bump.js';

describe('bumpBetween', () => {
  it('names the part of the version that grew', () => {
    expect(bumpBetween('1.0.0', '2.0.0')).toBe('major');
    expect(bumpBetween('1.0.0', '1.1.0')).toBe('minor');
    expect(bumpBetween('1.0.0', '1.0.1')).toBe('patch');
    expect(bumpBetween('1.2.3', '1.2.3')).toBe('none');
    expect(bumpBetween('1.9.9', '2.0.0-next.0')).toBe('major');
  });

  it('refuses a version lower than the release and a malformed one', () => {
    expect(() => bumpBetween('1.1.0', '1.0.5')).toThrow(/lower than the released/);
    expect(() => bumpBetween('1.0', '1.0.1')).toThrow(/not a semantic version/);
  });
});

describe('highestBump', () => {
  it('orders none < patch < minor < major', () => {
    expect(highestBump([])).toBe('none');
    expect(highestBump(['patch', 'major', 'minor'])).toBe('major');
    expect(highestBump(['patch', 'none'])).toBe('patch');
  });
});
