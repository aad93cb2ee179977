import { parseRequestTarget } from './request-target.js';

/** @typedef {{ path: string, method: string }} Routable what the matcher reads of an operation */
/** @typedef {ReturnType<typeof parseRequestTarget>} TargetReading what `parseRequestTarget` made of a target */

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
 * A node of the templates' segment tree: a request's segments are walked down it, so that finding the operation
 * costs as many steps as the path has segments, however many paths the contract has.
 * @template {Routable} Operation
 * @typedef {object} SegmentNode
 * @property {Map<string, SegmentNode<Operation>>} literals children by literal segment
 * @property {SegmentNode<Operation> | undefined} parameter the child of a `{name}` segment, whatever the name
 * @property {CompiledTemplate<Operation> | undefined} template the first template in `paths` that ends here (a later
 *   one of the same shape is never matched)
 */

/**
 * Finds the operation a request addresses, after {@link parseRequestTarget}'s normalisation. A template's
 * literal segments must equal the request's decoded segments; a `{name}` segment takes any non-empty one. When
 * several templates match, the one with more literal segments wins, counted from the left (`/a/b` over
 * `/a/{x}`), whatever the order of `paths`; between templates of the same shape, the first in `paths`. Any list
 * of `{ path, method }` routes is matched by the same rule.
 * @template {Routable} Operation
 * @param {Operation[]} operations
 * @returns {(method: string, target: string | TargetReading) => OperationMatch<Operation>} `target` raw, or
 *   already parsed by {@link parseRequestTarget} (a server that read it first need not read it twice)
 */
export function createOperationMatcher(operations) {
  /** @type {Map<string, CompiledTemplate<Operation>>} */
  const templates = new Map();
  /** @type {SegmentNode<Operation>} */
  const root = segmentNode();
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
      let node = root;
      for (const part of compiled.segments) {
        if ('literal' in part) {
          let child = node.literals.get(part.literal);
          if (!child) {
            child = segmentNode();
            node.literals.set(part.literal, child);
          }
          node = child;
        } else node = node.parameter ??= segmentNode();
      }
      node.template ??= compiled;
    }
    compiled.byMethod.set(operation.method.toUpperCase(), operation);
  }

  return (method, target) => {
    const parsed = typeof target === 'string' ? parseRequestTarget(target) : target;
    if (!parsed.valid) return { kind: 'invalid-target', reason: parsed.reason };
    const compiled = findTemplate(root, parsed.segments, 0);
    if (!compiled) return { kind: 'not-found', path: parsed.path };
    /** @type {Record<string, string>} */
    const pathParams = {};
    compiled.segments.forEach((part, index) => {
      if ('parameter' in part) pathParams[part.parameter] = /** @type {string} */ (parsed.segments[index]);
    });
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
  };
}

/**
 * @template {Routable} Operation
 * @returns {SegmentNode<Operation>}
 */
function segmentNode() {
  return { literals: new Map(), parameter: undefined, template: undefined };
}

/**
 * The template the segments from `index` on lead to: at each segment the literal branch is tried before the
 * parameter branch, which is the rule "more literal segments, counted from the left" (a depth-first walk reaches
 * the templates in that order); a parameter takes no empty segment.
 * @template {Routable} Operation
 * @param {SegmentNode<Operation>} node
 * @param {string[]} segments
 * @param {number} index
 * @returns {CompiledTemplate<Operation> | undefined}
 */
function findTemplate(node, segments, index) {
  if (index === segments.length) return node.template;
  const segment = /** @type {string} */ (segments[index]);
  const literal = node.literals.get(segment);
  const found = literal && findTemplate(literal, segments, index + 1);
  if (found) return found;
  return node.parameter && segment !== '' ? findTemplate(node.parameter, segments, index + 1) : undefined;
}
