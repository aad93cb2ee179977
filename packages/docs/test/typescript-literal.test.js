import { describe, expect, it } from 'vitest';
import { propertyKey, toTypeScriptLiteral } from '../src/typescript-literal.js';

describe('toTypeScriptLiteral', () => {
  it('writes objects one property per line, keys bare where they can be', () => {
    expect(toTypeScriptLiteral({ answer: 'yes', 'x-y': [1, true, null], empty: {} })).toBe(
      "{\n  answer: 'yes',\n  'x-y': [\n    1,\n    true,\n    null,\n  ],\n  empty: {},\n}",
    );
  });

  it('escapes quotes, backslashes and newlines in strings', () => {
    expect(toTypeScriptLiteral("it's a \\ path\nnext")).toBe("'it\\'s a \\\\ path\\nnext'");
  });

  it('evaluates back to the same value', () => {
    const value = { answers: [{ questionId: 'q-1', answer: 'O\'Brien said "yes"' }], count: 2 };
    expect(new Function(`return ${toTypeScriptLiteral(value)};`)()).toEqual(value);
  });

  it('quotes keys that are not identifiers', () => {
    expect(propertyKey('rfiId')).toBe('rfiId');
    expect(propertyKey('content-type')).toBe("'content-type'");
  });
});
