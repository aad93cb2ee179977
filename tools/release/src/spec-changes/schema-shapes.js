import { resolveRef } from '@payments-connect/contract';

/** Keywords that describe a schema without restricting its values. */
export const ANNOTATION_KEYWORDS = new Set([
  'description',
  'title',
  'example',
  'examples',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
  'default',
  'externalDocs',
]);

/**
 * Whether a schema accepts any value: absent, `true`, `{}`, or annotations only. A media type without a
 * schema is one: any body is valid.
 * @param {unknown} schema resolved
 */
export function isUnconstrained(schema) {
  if (schema === undefined || schema === true) return true;
  if (!schema || typeof schema !== 'object') return false;
  return Object.keys(schema).every((key) => ANNOTATION_KEYWORDS.has(key) || key.startsWith('x-'));
}

/**
 * The payload of a nullable wrapper, the OpenAPI 3.1 way to make a `$ref` nullable:
 * `oneOf: [{ type: 'null' }, { $ref: ... }]` (or anyOf) with nothing else constraining. Undefined for
 * any other schema.
 * @param {unknown} document
 * @param {any} schema resolved
 * @returns {unknown} the raw payload branch
 */
export function nullablePayload(document, schema) {
  if (!schema || typeof schema !== 'object') return undefined;
  const keyword = Array.isArray(schema.oneOf) ? 'oneOf' : Array.isArray(schema.anyOf) ? 'anyOf' : undefined;
  if (!keyword || (schema.oneOf && schema.anyOf)) return undefined;
  const others = Object.keys(schema).filter((key) => key !== keyword);
  if (!others.every((key) => ANNOTATION_KEYWORDS.has(key) || key.startsWith('x-'))) return undefined;
  const branches = /** @type {unknown[]} */ (schema[keyword]);
  if (branches.length !== 2) return undefined;
  const nullAt = branches.findIndex((branch) => isBareNull(resolveRef(document, branch)));
  return nullAt === -1 ? undefined : branches[1 - nullAt];
}

/** @param {any} schema resolved */
function isBareNull(schema) {
  if (!schema || typeof schema !== 'object') return false;
  const { type, ...rest } = schema;
  const types = [type].flat();
  return types.length === 1 && types[0] === 'null' && isUnconstrained(rest);
}

/**
 * Whether a schema describes an object or an array (rather than a scalar): an alternative of such shape is
 * reported as an added or removed alternative, a scalar one through the accepted values.
 * @param {unknown} document
 * @param {unknown} raw
 */
export function isStructured(document, raw) {
  const schema = resolveRef(document, raw);
  if (!schema || typeof schema !== 'object') return false;
  const types = schema.type === undefined ? [] : [schema.type].flat();
  return (
    types.includes('object') ||
    types.includes('array') ||
    ['properties', 'items', 'prefixItems', 'additionalProperties', 'allOf'].some((key) => key in schema)
  );
}
