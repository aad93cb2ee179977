/**
 * Follows local JSON-pointer `$ref`s (`#/components/...`) in the bundled spec. The bundle keeps its
 * components as references, and the samples need the values behind them.
 * @param {object} spec The bundled OpenAPI document.
 * @param {unknown} node A spec node that may be a `{ $ref }` object.
 * @returns {any} The node the reference chain ends at (the node itself when it is no reference).
 */
export function resolveRef(spec, node) {
  const seen = new Set();
  let current = node;
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`Only local references are supported in the bundle: ${ref}`);
    if (seen.has(ref)) throw new Error(`Circular reference: ${ref}`);
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce((parent, key) => parent?.[key], spec);
    if (current === undefined) throw new Error(`Unresolved reference: ${ref}`);
  }
  return current;
}
