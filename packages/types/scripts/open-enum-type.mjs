import ts from 'typescript';

/** Keywords a plain string branch may carry: documentation only, nothing that narrows the value. */
const ANNOTATIONS = new Set(['type', 'description', 'title', 'examples', 'example', 'deprecated', '$comment']);

/**
 * The TypeScript of an open enum: a schema whose `anyOf` lists string `enum` or `const` branches beside one plain
 * `type: string` branch (the spec's shape for "the document names these values; any other string is valid").
 * openapi-typescript renders it as `'A' | 'B' | string`, which TypeScript collapses to `string`: editors then
 * complete nothing. `'A' | 'B' | (string & {})` accepts the same values but keeps the literals visible.
 * @param {unknown} schema A Schema Object, as openapi-typescript's `transform` hook receives it.
 * @returns {ts.TypeNode | undefined} The union, or undefined when the schema is not an open enum.
 */
export function openEnumType(schema) {
  const branches = /** @type {{ anyOf?: unknown }} */ (schema)?.anyOf;
  if (!Array.isArray(branches) || branches.length < 2) return undefined;
  const plain = branches.filter(isPlainString);
  const known = branches.filter((branch) => !isPlainString(branch)).map(knownValues);
  if (plain.length !== 1 || known.length === 0 || known.some((values) => values === undefined)) return undefined;
  const literals = [...new Set(known.flat())].map((value) =>
    ts.factory.createLiteralTypeNode(ts.factory.createStringLiteral(value)),
  );
  const anyOtherString = ts.factory.createParenthesizedType(
    ts.factory.createIntersectionTypeNode([
      ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
      ts.factory.createTypeLiteralNode([]),
    ]),
  );
  return ts.factory.createUnionTypeNode([...literals, anyOtherString]);
}

/** @param {any} branch */
function isPlainString(branch) {
  return branch?.type === 'string' && Object.keys(branch).every((key) => ANNOTATIONS.has(key));
}

/**
 * The string values a branch lists (`enum` or `const`), or undefined when it is anything else.
 * @param {any} branch
 * @returns {string[] | undefined}
 */
function knownValues(branch) {
  if (branch?.type !== undefined && branch.type !== 'string') return undefined;
  const values = 'const' in branch ? [branch.const] : branch?.enum;
  return Array.isArray(values) && values.length > 0 && values.every((value) => typeof value === 'string')
    ? values
    : undefined;
}
