/**
 * @typedef {import('./visitor-types.js').Location} Location
 * @typedef {import('./visitor-types.js').Parameter} Parameter
 * @typedef {import('./visitor-types.js').Referenced<Parameter>} ParameterEntry
 * @typedef {import('./visitor-types.js').VisitorContext} VisitorContext
 */

/**
 * The parameters an operation takes, its path-level ones included, each resolved through `$ref`.
 * An operation-level parameter overrides a path-level one with the same name and location, as
 * OpenAPI specifies (header names compare case-insensitively, as in HTTP).
 *
 * @param {import('./path-operations.js').PathOperation} pathOperation
 * @returns {OperationParameter[]}
 *
 * @typedef {object} OperationParameter
 * @property {Parameter} parameter the resolved Parameter object (empty for an unresolved `$ref`)
 * @property {Location} usedAt location of the entry in the `parameters` list (a `$ref` or inline)
 * @property {Location} definedAt location of the Parameter object itself (the component for a `$ref`)
 */
export function operationParameters({ operation, pathItem, ctx }) {
  const fromPathItem = listParameters(pathItem.parameters, ctx.parentLocations.PathItem, ctx);
  const fromOperation = listParameters(operation.parameters, ctx.location, ctx);
  const overridden = new Set(fromOperation.map(identity));
  return [...fromPathItem.filter((entry) => !overridden.has(identity(entry))), ...fromOperation];
}

/**
 * @param {ParameterEntry[] | undefined} parameters
 * @param {Location} ownerLocation the Path Item's or the Operation's, which holds the list
 * @param {VisitorContext} ctx
 * @returns {OperationParameter[]}
 */
function listParameters(parameters, ownerLocation, ctx) {
  if (!Array.isArray(parameters)) return [];
  return parameters.map((entry, index) => {
    const usedAt = ownerLocation.child(['parameters', index]);
    const resolved = ctx.resolve(entry, ownerLocation.source.absoluteRef);
    const isRef = typeof entry?.$ref === 'string';
    return {
      parameter: resolved.node ?? {},
      usedAt,
      definedAt: isRef && resolved.location ? resolved.location : usedAt,
    };
  });
}

/**
 * @param {OperationParameter} operationParameter
 * @returns {string}
 */
function identity({ parameter }) {
  const name = String(parameter.name);
  return `${parameter.in}:${parameter.in === 'header' ? name.toLowerCase() : name}`;
}
