import { openEnumValues } from '@payments-connect/contract';
import ts from 'typescript';

/**
 * The TypeScript of an open enum (documented values plus any other string; the contract model recognises the shape).
 * openapi-typescript renders it as `'A' | 'B' | string`, which TypeScript collapses to `string`: editors then
 * complete nothing. `'A' | 'B' | (string & {})` accepts the same values but keeps the literals visible.
 * @param {unknown} schema A Schema Object, as openapi-typescript's `transform` hook receives it.
 * @returns {ts.TypeNode | undefined} The union, or undefined when the schema is not an open enum.
 */
export function openEnumType(schema) {
  const values = openEnumValues(schema);
  if (!values) return undefined;
  const literals = values.map((value) => ts.factory.createLiteralTypeNode(ts.factory.createStringLiteral(value)));
  const anyOtherString = ts.factory.createParenthesizedType(
    ts.factory.createIntersectionTypeNode([
      ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
      ts.factory.createTypeLiteralNode([]),
    ]),
  );
  return ts.factory.createUnionTypeNode([...literals, anyOtherString]);
}
