import { resolveRef } from '@payments-connect/contract';

/** How deep a comparison follows references before it stops (recursive schemas). */
const MAX_REFERENCE_DEPTH = 32;

/**
 * Deep equality of two JSON values, each read in its own document with `$ref`s followed, so two
 * identical `$ref`s to definitions that changed compare unequal.
 * @param {unknown} beforeDoc
 * @param {unknown} before
 * @param {unknown} afterDoc
 * @param {unknown} after
 * @returns {boolean}
 */
export function equalResolved(beforeDoc, before, afterDoc, after) {
  return equalAt(beforeDoc, before, afterDoc, after, 0);
}

/**
 * @param {unknown} beforeDoc @param {unknown} before @param {unknown} afterDoc @param {unknown} after
 * @param {number} depth references followed so far
 * @returns {boolean}
 */
function equalAt(beforeDoc, before, afterDoc, after, depth) {
  if (depth > MAX_REFERENCE_DEPTH) return true;
  const nextDepth = hasRef(before) || hasRef(after) ? depth + 1 : depth;
  const b = resolveRef(beforeDoc, before);
  const a = resolveRef(afterDoc, after);
  if (b === a) return true;
  if (typeof b !== 'object' || typeof a !== 'object' || b === null || a === null) return false;
  if (Array.isArray(b) !== Array.isArray(a)) return false;
  if (Array.isArray(b)) {
    return b.length === a.length && b.every((item, i) => equalAt(beforeDoc, item, afterDoc, a[i], nextDepth));
  }
  const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
  for (const key of keys) {
    if (!(key in b) || !(key in a)) return false;
    if (!equalAt(beforeDoc, b[key], afterDoc, a[key], nextDepth)) return false;
  }
  return true;
}

/** @param {unknown} node */
function hasRef(node) {
  return Boolean(node && typeof node === 'object' && '$ref' in node);
}

/**
 * Plain deep equality of two JSON values (references are compared as written).
 * @param {unknown} a
 * @param {unknown} b
 * @returns {boolean}
 */
export function jsonEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const x = /** @type {Record<string, unknown>} */ (a);
  const y = /** @type {Record<string, unknown>} */ (b);
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const key of keys) {
    if (!(key in x) || !(key in y) || !jsonEqual(x[key], y[key])) return false;
  }
  return true;
}
