/**
 * Where a text stops being JSON, and what was there. `JSON.parse` says it in words that change with the Node version,
 * and not always where (`Unexpected token '}', "{"a":}" is not valid JSON` on Node 20): a caller fixing a request body
 * needs the line and column, what was found and what would have done.
 */

/**
 * @typedef {object} JsonSyntaxError
 * @property {number} line 1-based
 * @property {number} column 1-based, in characters
 * @property {number} offset 0-based, in characters from the start of the text
 * @property {string} found the character there (`'}'`), or `the end of the text`
 * @property {string} expected what JSON allows there (`a value`, `',' or '}'`)
 */

import { jsonDepth, MAX_JSON_DEPTH } from '../model/json-depth.js';

/** The whitespace JSON allows between tokens. */
const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
/** What a backslash may escape in a JSON string (besides `u` and four hex digits). */
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/**
 * The first place where `text` breaks JSON's grammar (RFC 8259), undefined for valid JSON. Its nesting is as deep as
 * the text's: call it on text within the depth limit (`jsonDepth`), as the parse it explains is.
 * @param {string} text
 * @returns {JsonSyntaxError | undefined}
 */
export function locateJsonSyntaxError(text) {
  let at = 0;

  /** @param {string} expected @returns {never} */
  const fail = (expected) => {
    throw new JsonSyntaxFailure(at, expected);
  };
  const skipWhitespace = () => {
    while (at < text.length && WHITESPACE.has(/** @type {string} */ (text[at]))) at += 1;
  };
  /** @param {string} literal */
  const readLiteral = (literal) => {
    for (const character of literal) {
      if (text[at] !== character) fail(`'${literal}'`);
      at += 1;
    }
  };
  const readDigits = () => {
    const start = at;
    while (at < text.length && /[0-9]/.test(/** @type {string} */ (text[at]))) at += 1;
    if (at === start) fail('a digit');
  };
  const readNumber = () => {
    if (text[at] === '-') at += 1;
    if (text[at] === '0') at += 1;
    else readDigits();
    if (text[at] === '.') {
      at += 1;
      readDigits();
    }
    if (text[at] === 'e' || text[at] === 'E') {
      at += 1;
      if (text[at] === '+' || text[at] === '-') at += 1;
      readDigits();
    }
  };
  const readString = () => {
    at += 1;
    for (;;) {
      const character = text[at];
      if (character === undefined) fail("'\"' closing the string");
      if (character === '"') break;
      if (/** @type {string} */ (character) < ' ') fail('a character allowed in a string (escape control characters)');
      if (character === '\\') {
        at += 1;
        const escaped = text[at];
        if (escaped === 'u') {
          for (let digit = 0; digit < 4; digit += 1) {
            at += 1;
            if (!/[0-9a-fA-F]/.test(text[at] ?? '')) fail('a hex digit of a \\u escape');
          }
        } else if (escaped === undefined || !ESCAPES.has(escaped)) {
          fail('an escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and four hex digits)');
        }
      }
      at += 1;
    }
    at += 1;
  };
  /** @param {string} close @param {() => void} readEntry */
  const readList = (close, readEntry) => {
    at += 1;
    skipWhitespace();
    if (text[at] === close) {
      at += 1;
      return;
    }
    for (;;) {
      readEntry();
      skipWhitespace();
      if (text[at] === close) {
        at += 1;
        return;
      }
      if (text[at] !== ',') fail(`',' or '${close}'`);
      at += 1;
      skipWhitespace();
    }
  };
  const readValue = () => {
    skipWhitespace();
    const character = text[at];
    if (character === '{') {
      readList('}', () => {
        if (text[at] !== '"') fail('a property name in double quotes');
        readString();
        skipWhitespace();
        if (text[at] !== ':') fail("':' after the property name");
        at += 1;
        readValue();
      });
    } else if (character === '[') readList(']', readValue);
    else if (character === '"') readString();
    else if (character === '-' || /[0-9]/.test(character ?? '')) readNumber();
    else if (character === 't') readLiteral('true');
    else if (character === 'f') readLiteral('false');
    else if (character === 'n') readLiteral('null');
    else fail('a value');
  };

  try {
    readValue();
    skipWhitespace();
    if (at < text.length) fail('the end of the text');
    return undefined;
  } catch (error) {
    if (!(error instanceof JsonSyntaxFailure)) throw error;
    return describePosition(text, error.offset, error.expected);
  }
}

/** Unwinds the reader from where the text broke. */
class JsonSyntaxFailure extends Error {
  /** @param {number} offset @param {string} expected */
  constructor(offset, expected) {
    super(expected);
    this.offset = offset;
    this.expected = expected;
  }
}

/**
 * @param {string} text
 * @param {number} offset
 * @param {string} expected
 * @returns {JsonSyntaxError}
 */
function describePosition(text, offset, expected) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  const codePoint = text.codePointAt(offset);
  const found =
    codePoint === undefined
      ? 'the end of the text'
      : codePoint < 0x20
        ? `a control character (U+${codePoint.toString(16).toUpperCase().padStart(4, '0')})`
        : `'${String.fromCodePoint(codePoint)}'`;
  return { line, column, offset, found, expected };
}

/**
 * The place as a person reads it: `line 1, column 6: found '}' where a value was expected`.
 * @param {JsonSyntaxError} error
 */
export function formatJsonSyntaxError({ line, column, found, expected }) {
  return `line ${line}, column ${column}: found ${found} where ${expected} was expected`;
}

/**
 * Where a text that `JSON.parse` refused breaks JSON, in words (`line 3, column 15: found '}' where a value was
 * expected`), for a file given to a command (a snapshot) as a control route says it of a body; undefined when the
 * text nests deeper than the limit, which the parser's own message then says.
 * @param {string} text
 * @returns {string | undefined}
 */
export function jsonSyntaxProblem(text) {
  if (jsonDepth(text) > MAX_JSON_DEPTH) return undefined;
  const where = locateJsonSyntaxError(text);
  return where && formatJsonSyntaxError(where);
}
