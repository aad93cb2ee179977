/**
 * @typedef {import('./visitor-types.js').Operation} Operation
 * @typedef {import('./visitor-types.js').PathItem} PathItem
 * @typedef {import('./visitor-types.js').Visitor} Visitor
 * @typedef {import('./visitor-types.js').VisitorContext} VisitorContext
 */

/**
 * Builds a Redocly visitor that calls `onOperation` once for every operation under `paths`.
 *
 * Webhook operations are left out on purpose: the service sends them, so the conventions for the
 * operations a client calls (AccountId, error statuses, servers) do not apply to them.
 *
 * @param {(operation: PathOperation) => void} onOperation
 * @returns {Visitor} a visitor to return from a rule (or to spread into one)
 *
 * @typedef {object} PathOperation
 * @property {string} path the path template, e.g. `/v1/rfi/{rfiId}`
 * @property {string} method the lower-case method key, e.g. `put`
 * @property {Operation} operation the resolved Operation object
 * @property {PathItem} pathItem the resolved Path Item holding it
 * @property {VisitorContext} ctx the Redocly visitor context of the operation
 */
export function visitPathOperations(onOperation) {
  let path = '';
  return {
    Paths: {
      PathItem: {
        /**
         * @param {PathItem} _pathItem
         * @param {VisitorContext} ctx
         */
        enter(_pathItem, ctx) {
          path = String(ctx.key);
        },
        Operation: {
          /**
           * @param {Operation} operation
           * @param {VisitorContext} ctx
           * @param {{ PathItem: PathItem }} parents the resolved nodes above, by type name
           */
          enter(operation, ctx, parents) {
            onOperation({ path, method: String(ctx.key), operation, pathItem: parents.PathItem, ctx });
          },
        },
      },
    },
  };
}

/**
 * How messages name an operation: `PUT /v1/rfi/{rfiId}/responses`.
 * @param {{ method: string, path: string }} operation
 * @returns {string}
 */
export function operationLabel({ method, path }) {
  return `${method.toUpperCase()} ${path}`;
}
