// Where a text stops being JSON: the place and what was there, for texts JSON.parse refuses, and nothing for those it
// takes (checked against JSON.parse on every cut of real documents).
import { describe, expect, it } from 'vitest';
import { loadBundledDocument } from '../src/contract.js';
import { formatJsonSyntaxError, locateJsonSyntaxError } from '../src/server/json-syntax-error.js';

describe('locateJsonSyntaxError', () => {
  it.each([
    ['{"a": }', 1, 7, "'}'", 'a value'],
    ['{"a": 1,}', 1, 9, "'}'", 'a property name in double quotes'],
    ['{"a" 1}', 1, 6, "'1'", "':' after the property name"],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, "'\"'", "',' or '}'"],
    ['{"a": [1, 2}', 1, 12, "'}'", "',' or ']'"],
    ['{"a": 1', 1, 8, 'the end of the text', "',' or '}'"],
    ['', 1, 1, 'the end of the text', 'a value'],
    ['{"a": nul}', 1, 10, "'}'", "'null'"],
    ['{"a": 01}', 1, 8, "'1'", "',' or '}'"],
    ['{"a": -}', 1, 8, "'}'", 'a digit'],
    [
      '{"a": "x\ny"}',
      1,
      9,
      'a control character (U+000A)',
      'a character allowed in a string (escape control characters)',
    ],
    ['{"a": "\\q"}', 1, 9, "'q'", 'an escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and four hex digits)'],
    ['{"a": "\\u12g4"}', 1, 12, "'g'", 'a hex digit of a \\u escape'],
    ['{} {}', 1, 4, "'{'", 'the end of the text'],
    ["{'a': 1}", 1, 2, "'''", 'a property name in double quotes'],
    ['{"a": "😀", "b": ?}', 1, 18, "'?'", 'a value'],
  ])('%j: line %i, column %i, found %s where %s was expected', (text, line, column, found, expected) => {
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    const located = locateJsonSyntaxError(text);
    expect(located).toMatchObject({ line, column, found, expected });
    expect(located?.offset).toBe(
      text
        .split('\n')
        .slice(0, line - 1)
        .join('\n').length +
        (line > 1 ? 1 : 0) +
        column -
        1,
    );
  });

  it("finds nothing in JSON, and a place in every text JSON.parse refuses: cuts of the spec's examples", () => {
    // The named examples: strings with escapes, numbers, nested objects and lists, as request bodies have them.
    const whole = JSON.stringify(loadBundledDocument().components.examples, null, 1);
    // Bounded: a few hundred cuts, each the document up to a point, plus one character it could not have there.
    const step = Math.max(1, Math.floor(whole.length / 400));
    let refused = 0;
    for (let end = 0; end <= whole.length; end += step) {
      for (const text of [whole.slice(0, end), `${whole.slice(0, end)}}`]) {
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        expect(locateJsonSyntaxError(text) === undefined, `${text.length} characters`).toBe(parses);
        if (!parses) refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(400);
    expect(locateJsonSyntaxError(whole)).toBeUndefined();
  });

  it('says it as a person reads it', () => {
    const located = locateJsonSyntaxError('{\n  "advanceSeconds": \n}');
    expect(located && formatJsonSyntaxError(located)).toBe("line 3, column 1: found '}' where a value was expected");
  });
});
