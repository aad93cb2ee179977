/**
 * Follows local `$ref`s (`#/components/...`) in a bundled OpenAPI document. A `$ref` with sibling keys
 * (allowed in 3.1) resolves to the target with the siblings laid over it.
 * @param {unknown} document the whole document the reference points into
 * @param {unknown} node any node of it
 * @returns {any}
 */
export function resolveRef(document, node) {
  let current = /** @type {any} */ (node);
  /** @type {Record<string, unknown> | undefined} */
  let siblings;
  const followed = new Set();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const { $ref, ...rest } = current;
    if (followed.has($ref)) throw new Error(`$ref cycle at ${$ref}`);
    followed.add($ref);
    // The siblings nearest the usage win over those of the definitions they point through.
    if (Object.keys(rest).length > 0) siblings = { ...rest, ...siblings };
    current = pointerGet(document, $ref);
  }
  return siblings ? { ...current, ...siblings } : current;
}

/**
 * Reads a local JSON pointer (`#/a/b~1c`).
 * @param {unknown} document
 * @param {string} pointer
 * @returns {unknown}
 */
export function pointerGet(document, pointer) {
  if (!pointer.startsWith('#')) throw new Error(`only local references are supported, got ${pointer}`);
  const segments = pointer
    .slice(1)
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  let current = /** @type {any} */ (document);
  for (const segment of segments) {
    if (current == null || typeof current !== 'object' || !(segment in current)) {
      throw new Error(`unresolvable reference ${pointer}`);
    }
    current = current[segment];
  }
  return current;
}

/**
 * The last segment of a `$ref` (`#/components/schemas/RfiCase` -> `RfiCase`), or undefined for an inline node.
 * @param {unknown} node
 * @returns {string | undefined}
 */
export function refName(node) {
  const ref = node && typeof node === 'object' ? /** @type {any} */ (node).$ref : undefined;
  return typeof ref === 'string'
    ? ref
        .slice(ref.lastIndexOf('/') + 1)
        .replaceAll('~1', '/')
        .replaceAll('~0', '~')
    : undefined;
}
