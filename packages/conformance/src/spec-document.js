import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/**
 * The bundled OpenAPI document, through the `@payments-connect/openapi` dependency.
 * @returns {any}
 */
export function loadBundledSpec() {
  return require('@payments-connect/openapi/openapi.json');
}

/** JSON pointer token, escaped for use in a URI fragment. */
export const pointerToken = (token) => encodeURIComponent(String(token).replace(/~/g, '~0').replace(/\//g, '~1'));

/** @param {Array<string | number>} tokens */
export const jsonPointer = (tokens) => `#/${tokens.map(pointerToken).join('/')}`;

/**
 * Follows local `$ref`s from `node` (found at `pointer`) to the object they name.
 * @returns {{ node: any, pointer: string }}
 */
export function dereference(spec, node, pointer) {
  const seen = new Set();
  while (node && typeof node.$ref === 'string') {
    if (!node.$ref.startsWith('#/') || seen.has(node.$ref))
      throw new Error(`cannot follow $ref ${node.$ref} at ${pointer}`);
    seen.add(node.$ref);
    const tokens = node.$ref
      .slice(2)
      .split('/')
      .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
    node = tokens.reduce((parent, token) => parent?.[token], spec);
    pointer = jsonPointer(tokens);
  }
  return { node, pointer };
}

/**
 * @typedef {object} SpecResponse
 * @property {string} status e.g. "200"
 * @property {string} pointer where the (dereferenced) response object sits, for schema references
 * @property {any} response the response object
 * @property {string[]} exampleNames named examples of its JSON content, in spec order
 *
 * @typedef {object} SpecOperation
 * @property {string} operationId
 * @property {string} method upper case
 * @property {string} path template, e.g. `/v1/rfi/{rfiId}`
 * @property {any} operation
 * @property {SpecResponse[]} responses
 */

/**
 * The operations the API serves (`paths`; `webhooks` are sent by the service, not served).
 * @returns {SpecOperation[]}
 */
export function specOperations(spec) {
  return Object.entries(spec.paths ?? {}).flatMap(([path, pathItem]) =>
    HTTP_METHODS.filter((method) => pathItem[method]).map((method) => {
      const operation = pathItem[method];
      const responses = Object.entries(operation.responses ?? {}).map(([status, raw]) => {
        const { node, pointer } = dereference(spec, raw, jsonPointer(['paths', path, method, 'responses', status]));
        return {
          status,
          pointer,
          response: node,
          exampleNames: Object.keys(node.content?.['application/json']?.examples ?? {}),
        };
      });
      return { operationId: operation.operationId, method: method.toUpperCase(), path, operation, responses };
    }),
  );
}

/**
 * The operation a request addresses, by method and path.
 * @param {SpecOperation[]} operations
 * @param {string | undefined} method undefined: the first operation of the path, whatever its method
 * @param {string} pathname
 * @returns {SpecOperation | undefined}
 */
export function operationForRequest(operations, method, pathname) {
  const wanted = method?.toUpperCase();
  return operations.find(
    (candidate) =>
      (wanted === undefined || candidate.method === wanted) && pathTemplateMatches(candidate.path, pathname),
  );
}

function pathTemplateMatches(template, pathname) {
  const templateSegments = template.split('/');
  const segments = pathname.replace(/\/$/, '').split('/');
  return (
    templateSegments.length === segments.length &&
    templateSegments.every((segment, index) =>
      /^\{.+\}$/.test(segment) ? segments[index] !== '' : segment === segments[index],
    )
  );
}
