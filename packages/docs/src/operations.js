import { resolveRef } from './spec-ref.js';

/** The HTTP methods an OpenAPI path item can hold, in the order the docs list them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * @typedef {object} SpecOperation
 * @property {string} method Lower-case HTTP method.
 * @property {string} path The path template, e.g. `/v1/rfi/{rfiId}`.
 * @property {any} operation The operation object itself (mutable: decorators write to it).
 * @property {any[]} parameters Path-level and operation-level parameters, resolved; operation-level
 *   ones win on the same `name` and `in`, as OpenAPI says.
 * @property {any[]} servers The servers that apply: the operation's, else the path's, else the document's.
 */

/**
 * Lists every operation under `paths` (webhooks are received, not called, so they have no samples).
 * @param {object} spec The bundled OpenAPI document.
 * @returns {SpecOperation[]}
 */
export function listOperations(spec) {
  const operations = [];
  for (const [path, pathItemOrRef] of Object.entries(spec.paths ?? {})) {
    const pathItem = resolveRef(spec, pathItemOrRef);
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      const byKey = new Map();
      for (const parameter of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
        const resolved = resolveRef(spec, parameter);
        byKey.set(`${resolved.in}:${resolved.name}`, resolved);
      }
      const servers = operation.servers ?? pathItem.servers ?? spec.servers ?? [];
      operations.push({ method, path, operation, parameters: [...byKey.values()], servers });
    }
  }
  return operations;
}

/**
 * Lists the webhooks (operations the service sends to the reader).
 * @param {object} spec The bundled OpenAPI document.
 * @returns {{ name: string, method: string, operation: any }[]}
 */
export function listWebhooks(spec) {
  const webhooks = [];
  for (const [name, pathItemOrRef] of Object.entries(spec.webhooks ?? {})) {
    const pathItem = resolveRef(spec, pathItemOrRef);
    for (const method of HTTP_METHODS) {
      if (pathItem[method]) webhooks.push({ name, method, operation: pathItem[method] });
    }
  }
  return webhooks;
}

/**
 * Whether the operation needs the bearer token: its own `security` wins over the document's, and an
 * empty list (the token exchange) means no credentials.
 * @param {object} spec The bundled OpenAPI document.
 * @param {any} operation An operation object.
 */
export function requiresBearerToken(spec, operation) {
  const requirements = operation.security ?? spec.security ?? [];
  return requirements.some((requirement) =>
    Object.keys(requirement).some((scheme) => {
      const definition = resolveRef(spec, spec.components?.securitySchemes?.[scheme]);
      return definition?.type === 'http' && definition.scheme?.toLowerCase() === 'bearer';
    }),
  );
}

/**
 * The token exchange: the one operation under `paths` that opts out of security. Other samples point
 * readers to it instead of repeating it.
 * @param {object} spec The bundled OpenAPI document.
 * @returns {SpecOperation | undefined}
 */
export function findTokenOperation(spec) {
  return listOperations(spec).find(
    ({ operation }) => Array.isArray(operation.security) && operation.security.length === 0,
  );
}
