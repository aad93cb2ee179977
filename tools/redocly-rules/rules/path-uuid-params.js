import { operationParameters } from '../lib/operation-parameters.js';
import { visitPathOperations } from '../lib/path-operations.js';
import { createReportOnce } from '../lib/report-once.js';

/**
 * @typedef {import('../lib/visitor-types.js').OpenApiDocument} OpenApiDocument
 * @typedef {import('../lib/visitor-types.js').Visitor} Visitor
 * @typedef {import('../lib/visitor-types.js').VisitorContext} VisitorContext
 */

/** Named for what it identifies and ending in `Id`: `rfiId`, `paymentRequestId`; never a bare `id`. */
const PATH_PARAMETER_NAME = /^[a-z][A-Za-z0-9]*Id$/;
const TEMPLATE_PARAMETER = /^\{(.+)\}$/;

/**
 * `payments-connect/path-uuid-params`: every path parameter is a string of `format: uuid` (section 2:
 * "all identifiers in paths are strings in UUID format") named `<thing>Id`, and the identifier after
 * a given path segment has the same name in every path (`users/{userId}` everywhere).
 * @returns {Visitor}
 */
export default function PathUuidParams() {
  const reportOnce = createReportOnce();
  return {
    ...visitPathOperations((pathOperation) => {
      const { ctx } = pathOperation;
      for (const { parameter, definedAt } of operationParameters(pathOperation)) {
        if (parameter.in !== 'path') continue;
        const name = String(parameter.name);
        if (!PATH_PARAMETER_NAME.test(name)) {
          reportOnce(ctx, {
            message:
              `Path parameter "${name}" must be named for what it identifies, in camelCase ending in Id ` +
              '(e.g. paymentRequestId, not id): rename it here and in the path template.',
            location: definedAt.child('name'),
          });
        }
        const schema =
          parameter.schema === undefined ? undefined : ctx.resolve(parameter.schema, definedAt.source.absoluteRef).node;
        if (schema?.type !== 'string' || schema?.format !== 'uuid') {
          reportOnce(ctx, {
            message:
              `Path parameter "${name}" must be a UUID string (interface document, section 2): ` +
              'give it schema type: string, format: uuid.',
            location: schema === undefined ? definedAt.key() : definedAt.child('schema'),
          });
        }
      }
    }),
    Root: {
      /**
       * @param {OpenApiDocument} root
       * @param {VisitorContext} ctx
       */
      leave(root, ctx) {
        const paths = ctx.resolve(root.paths ?? {}).node ?? {};
        for (const problem of inconsistentNames(Object.keys(paths))) {
          ctx.report({
            message:
              `${problem.path} names the identifier after "${problem.segment}/" {${problem.name}}, ` +
              `while ${problem.canonicalPath} names it {${problem.canonical}}: ` +
              `use {${problem.canonical}} in every path.`,
            location: ctx.location.child(['paths', problem.path]).key(),
          });
        }
      },
    },
  };
}

/**
 * Finds path templates whose parameter after a literal segment is named differently from the
 * name most paths use after that segment (the first seen wins a tie).
 * @param {string[]} paths
 * @returns {NameProblem[]}
 *
 * @typedef {object} NameProblem
 * @property {string} path the path template that names the identifier differently
 * @property {string} segment the literal segment before the identifier
 * @property {string} name the name `path` gives it
 * @property {string} canonical the name most paths give it
 * @property {string} canonicalPath a path that uses `canonical`, for the message
 */
function inconsistentNames(paths) {
  /** @type {Map<string, Map<string, string[]>>} segment → parameter name → paths using it */
  const namesBySegment = new Map();
  for (const path of paths) {
    const segments = path.split('/');
    segments.forEach((segment, index) => {
      const name = TEMPLATE_PARAMETER.exec(segment)?.[1];
      const previous = segments[index - 1];
      if (name === undefined || !previous || TEMPLATE_PARAMETER.test(previous)) return;
      const names = namesBySegment.get(previous) ?? new Map();
      names.set(name, [...(names.get(name) ?? []), path]);
      namesBySegment.set(previous, names);
    });
  }
  /** @type {NameProblem[]} */
  const problems = [];
  for (const [segment, names] of namesBySegment) {
    if (names.size < 2) continue;
    const [canonical, canonicalPaths] = [...names].reduce((best, next) =>
      next[1].length > best[1].length ? next : best,
    );
    for (const [name, namePaths] of names) {
      if (name === canonical) continue;
      for (const path of namePaths) problems.push({ path, segment, name, canonical, canonicalPath: canonicalPaths[0] });
    }
  }
  return problems;
}
