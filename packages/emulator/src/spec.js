import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compilePathTemplate, matchPathTemplate } from './path-template.js';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/**
 * @typedef {object} SpecOperation
 * @property {string} operationId
 * @property {string} method upper-case HTTP method
 * @property {string} path the spec's path template, e.g. `/v1/rfi/{rfiId}`
 * @property {any} operation the OpenAPI operation object
 * @property {any[]} parameters path-level and operation-level parameters, `$ref`s resolved
 * @property {boolean} requiresBearer false only where the operation sets `security: []`
 */

/**
 * @typedef {object} SpecPath
 * @property {string} path
 * @property {RegExp} pattern matches a request path, one capture group per template parameter
 * @property {string[]} paramNames
 * @property {Map<string, SpecOperation>} operations by upper-case method
 */

/** Reads the bundled spec of `@payments-connect/openapi`, the single source of the emulator's contract. */
export function loadBundledSpec() {
  const require = createRequire(import.meta.url);
  return JSON.parse(readFileSync(require.resolve('@payments-connect/openapi/openapi.json'), 'utf8'));
}

/**
 * Follows a local `$ref` (`#/components/...`) inside the spec.
 * @param {any} spec
 * @param {any} node
 */
export function resolveRef(spec, node) {
  let current = node;
  while (current && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
    current = current.$ref
      .slice(2)
      .split('/')
      .map((/** @type {string} */ segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce((/** @type {any} */ parent, /** @type {string} */ key) => parent?.[key], spec);
  }
  return current;
}

/**
 * Indexes the spec's paths so that a request path finds its template and a method its operation.
 * @param {any} spec
 * @returns {SpecPath[]}
 */
export function indexPaths(spec) {
  const rootSecurity = spec.security ?? [];
  return (
    Object.entries(spec.paths)
      .map(([path, pathItem]) => {
        const pathParameters = (pathItem.parameters ?? []).map((/** @type {any} */ p) => resolveRef(spec, p));
        const operations = new Map();
        for (const method of HTTP_METHODS) {
          const operation = pathItem[method];
          if (!operation) continue;
          const own = (operation.parameters ?? []).map((/** @type {any} */ p) => resolveRef(spec, p));
          // An operation-level parameter overrides the path-level one of the same name and location.
          const inherited = pathParameters.filter(
            (/** @type {any} */ p) => !own.some((/** @type {any} */ o) => o.name === p.name && o.in === p.in),
          );
          operations.set(method.toUpperCase(), {
            operationId: operation.operationId,
            method: method.toUpperCase(),
            path,
            operation,
            parameters: [...inherited, ...own],
            requiresBearer: (operation.security ?? rootSecurity).length > 0,
          });
        }
        return { path, ...compilePathTemplate(path), operations };
      })
      // A literal path wins over a template that would also match it.
      .sort((a, b) => a.paramNames.length - b.paramNames.length)
  );
}

/**
 * Finds the spec path a request path belongs to.
 * @param {SpecPath[]} paths
 * @param {string} requestPath the raw path of the request
 * @returns {{ specPath: SpecPath, params: Record<string, string> } | undefined}
 */
export function matchPath(paths, requestPath) {
  for (const specPath of paths) {
    const params = matchPathTemplate(specPath, requestPath);
    if (params) return { specPath, params };
  }
  return undefined;
}

/** Every operation of the spec, in path order. @param {SpecPath[]} paths */
export function listOperations(paths) {
  return paths.flatMap((p) => [...p.operations.values()]);
}
