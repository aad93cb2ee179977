import { getAtPointer } from './json-pointer.js';

/**
 * @typedef {object} Resolved
 * @property {any} node the node the reference chain ends at, with the chain's sibling keys laid over it
 * @property {string} pointer where that node sits in the document (the last reference followed)
 */

/**
 * Follows local `$ref`s from `node` (found at `pointer`) to the node they name. In OpenAPI 3.1 a reference may
 * carry sibling keys (`description`, `summary`): they are laid over the target, the ones nearest the usage
 * winning. A cycle of references, or one that names nothing, is an error, never an endless loop.
 * @param {unknown} document the whole contract document
 * @param {unknown} node any node of it
 * @param {string} [pointer] where `node` sits, returned when it is no reference
 * @returns {Resolved}
 * @throws {Error} naming the reference that cycles or resolves to nothing
 */
export function dereference(document, node, pointer = '#') {
  let current = /** @type {any} */ (node);
  let at = pointer;
  /** @type {Record<string, unknown> | undefined} */
  let siblings;
  const followed = new Set();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const { $ref, ...rest } = current;
    if (followed.has($ref)) throw new Error(`$ref cycle: ${[...followed, $ref].join(' -> ')}`);
    followed.add($ref);
    if (Object.keys(rest).length > 0) siblings = { ...rest, ...siblings };
    current = getAtPointer(document, $ref);
    at = $ref;
  }
  return { node: siblings ? { ...current, ...siblings } : current, pointer: at };
}

/**
 * {@link dereference} without the pointer: the node a reference chain ends at.
 * @param {unknown} document
 * @param {unknown} node
 * @returns {any}
 */
export function resolveRef(document, node) {
  return dereference(document, node).node;
}
