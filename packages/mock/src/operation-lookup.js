/** @typedef {import('@stoplight/types').IHttpOperation} Operation */

const patternByTemplate = new Map();

/** @param {string} template e.g. `/v1/rfi/{rfiId}` */
function templatePattern(template) {
  let pattern = patternByTemplate.get(template);
  if (!pattern) {
    const source = template
      .split(/\{[^}]+\}/)
      .map((literal) => literal.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+');
    pattern = new RegExp(`^${source}/?$`);
    patternByTemplate.set(template, pattern);
  }
  return pattern;
}

/**
 * The operation of the spec that a request path (and method, when given) addresses.
 * @param {Operation[]} operations
 * @param {string} path request path without query string
 * @param {string} [method] any case; omitted: the first operation on the path
 * @returns {Operation | undefined}
 */
export function findOperation(operations, path, method) {
  const wanted = method?.toLowerCase();
  return operations.find(
    (operation) => (wanted === undefined || operation.method === wanted) && templatePattern(operation.path).test(path),
  );
}
