/**
 * The name a `$ref` gives its target, its last segment (`#/components/schemas/RfiCase` -> `RfiCase`), or
 * undefined for an inline node. The gate reports a shared definition once, under this name; resolving
 * references is the contract model's job (`resolveRef` of `@payments-connect/contract`).
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
