import { parseRequestTarget } from './request-target.js';

/** @typedef {{ path: string, method: string }} Routable what the matcher reads of an operation */
/** @typedef {ReturnType<typeof parseRequestTarget>} ParsedTarget */

/**
 * @template {Routable} [Operation=import('./operations.js').ContractOperation]
 * @typedef {object} MatchedOperation
 * @property {'matched'} kind
 * @property {Operation} operation
 * @property {Record<string, string>} pathParams decoded values, by template name
 * @property {URLSearchParams} query
 * @property {string} path the normalised path
 */

/**
 * @template {Routable} [Operation=import('./operations.js').ContractOperation]
 * @typedef {object} MethodNotAllowed
 * @property {'method-not-allowed'} kind
 * @property {string} template the path template the target matched
 * @property {Operation[]} operations those of that path (their 405 is the one documented)
 * @property {string[]} allowed their methods, for the `Allow` header
 */

/**
 * @typedef {object} NotFound
 * @property {'not-found'} kind
 * @property {string} path
 *
 * @typedef {object} InvalidTarget
 * @property {'invalid-target'} kind
 * @property {string} reason
 */

/**
 * @template {Routable} [Operation=import('./operations.js').ContractOperation]
 * @typedef {MatchedOperation<Operation> | MethodNotAllowed<Operation> | NotFound | InvalidTarget} OperationMatch
 */

/**
 * @template {Routable} Operation
 * @typedef {object} CompiledTemplate
 * @property {string} template
 * @property {Array<{ literal: string } | { parameter: string }>} segments
 * @property {Map<string, Operation>} byMethod upper-case method to operation
 */

/**
 * Finds the operation a request addresses, after {@link parseRequestTarget}'s normalisation. A template's
 * literal segments must equal the request's decoded segments; a `{name}` segment takes any non-empty one. When
 * several templates match, the one with more literal segments wins, counted from the left (`/a/b` over
 * `/a/{x}`), whatever the order of `paths`. Any list of `{ path, method }` routes is matched by the same rule.
 * @template {Routable} Operation
 * @param {Operation[]} operations
 * @returns {(method: string, target: string | ParsedTarget) => OperationMatch<Operation>} `target` raw, or
 *   already parsed by {@link parseRequestTarget} (a server that read it first need not read it twice)
 */
export function createOperationMatcher(operations) {
  /** @type {Map<string, CompiledTemplate<Operation>>} */
  const templates = new Map();
  for (const operation of operations) {
    let compiled = templates.get(operation.path);
    if (!compiled) {
      compiled = {
        template: operation.path,
        segments: operation.path
          .split('/')
          .slice(1)
          .map((segment) => {
            const parameter = /^\{([^}]+)\}$/.exec(segment);
            return parameter ? { parameter: /** @type {string} */ (parameter[1]) } : { literal: segment };
          }),
        byMethod: new Map(),
      };
      templates.set(operation.path, compiled);
    }
    compiled.byMethod.set(operation.method.toUpperCase(), operation);
  }
  const ordered = [...templates.values()].sort(bySpecificity);

  return (method, target) => {
    const parsed = typeof target === 'string' ? parseRequestTarget(target) : target;
    if (!parsed.valid) return { kind: 'invalid-target', reason: parsed.reason };
    for (const compiled of ordered) {
      const pathParams = matchSegments(compiled, parsed.segments);
      if (!pathParams) continue;
      const operation = compiled.byMethod.get(method.toUpperCase());
      if (!operation) {
        const pathOperations = [...compiled.byMethod.values()];
        return {
          kind: 'method-not-allowed',
          template: compiled.template,
          operations: pathOperations,
          allowed: pathOperations.map((o) => o.method.toUpperCase()),
        };
      }
      return { kind: 'matched', operation, pathParams, query: parsed.query, path: parsed.path };
    }
    return { kind: 'not-found', path: parsed.path };
  };
}

/**
 * @param {CompiledTemplate<Routable>} compiled
 * @param {string[]} segments
 * @returns {Record<string, string> | undefined}
 */
function matchSegments(compiled, segments) {
  if (compiled.segments.length !== segments.length) return undefined;
  /** @type {Record<string, string>} */
  const params = {};
  for (const [index, part] of compiled.segments.entries()) {
    const segment = /** @type {string} */ (segments[index]);
    if ('literal' in part) {
      if (part.literal !== segment) return undefined;
    } else {
      if (segment === '') return undefined;
      params[part.parameter] = segment;
    }
  }
  return params;
}

/**
 * Literal segments before parameters, position by position from the left.
 * @param {CompiledTemplate<Routable>} a
 * @param {CompiledTemplate<Routable>} b
 */
function bySpecificity(a, b) {
  const length = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < length; i += 1) {
    const aLiteral = 'literal' in /** @type {object} */ (a.segments[i]);
    const bLiteral = 'literal' in /** @type {object} */ (b.segments[i]);
    if (aLiteral !== bLiteral) return aLiteral ? -1 : 1;
  }
  return 0;
}
