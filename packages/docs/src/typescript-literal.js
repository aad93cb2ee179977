/** Indentation unit of the generated TypeScript, matching the house style (two spaces). */
const INDENT = '  ';

/** Keys that can stay unquoted in an object literal. */
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Renders a JSON value as a TypeScript expression the way a person would write it: unquoted keys
 * where possible, single-quoted strings, one property per line.
 * @param {unknown} value A JSON value (from a spec example).
 * @param {number} [depth] Indentation depth of the line the literal starts on.
 * @returns {string}
 */
export function toTypeScriptLiteral(value, depth = 0) {
  if (value === null) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const inner = INDENT.repeat(depth + 1);
  const outer = INDENT.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${toTypeScriptLiteral(item, depth + 1)},`).join('\n')}\n${outer}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const lines = entries.map(([key, item]) => `${inner}${propertyKey(key)}: ${toTypeScriptLiteral(item, depth + 1)},`);
    return `{\n${lines.join('\n')}\n${outer}}`;
  }
  throw new Error(`Not a JSON value: ${String(value)}`);
}

/**
 * An object key as written in a literal: bare when it is an identifier, quoted otherwise.
 * @param {string} key
 */
export function propertyKey(key) {
  return IDENTIFIER.test(key) ? key : quote(key);
}

/** @param {string} text */
function quote(text) {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')}'`;
}
