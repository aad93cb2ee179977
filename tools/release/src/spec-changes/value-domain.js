import { resolveRef } from '@payments-connect/contract';
import { jsonEqual } from './json-equal.js';

/**
 * The set of values a schema accepts, as far as its type and enumeration keywords say: `any`, or some
 * whole JSON types plus some listed values. An open enum written `anyOf: [{ type: string, enum: [...] },
 * { type: string }]` is the whole string type: adding a listed value to it changes nothing a consumer
 * can observe, closing it (dropping the plain string branch) narrows it. `not` is left out (the constraint
 * rules judge it), so a domain may admit more than its schema; never less.
 * @typedef {{ any: boolean, types: Set<string>, values: unknown[] }} ValueDomain
 */

/** Keywords whose meaning the value domain captures. */
export const VALUE_KEYWORDS = /** @type {const} */ (['type', 'enum', 'const', 'anyOf', 'oneOf']);

/** How deep references are followed through anyOf, oneOf and allOf, so that a schema naming itself stops. */
const MAX_DEPTH = 32;

/** Types whose values a parameter or header writes as plain text, so that a string reader reads them all. */
const TEXT_SCALARS = new Set(['integer', 'number', 'boolean']);

/** @returns {ValueDomain} */
function anyValue() {
  return { any: true, types: new Set(), values: [] };
}

/**
 * The JSON type of a value, with integers told apart from other numbers.
 * @param {unknown} value
 */
function jsonTypeOf(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * Whether a domain admits every value of a JSON type (an integer is a number).
 * @param {ValueDomain} domain
 * @param {string} type
 */
function admitsType(domain, type) {
  return domain.any || domain.types.has(type) || (type === 'integer' && domain.types.has('number'));
}

/**
 * @param {ValueDomain} domain
 * @param {unknown} value
 */
function admitsValue(domain, value) {
  return admitsType(domain, jsonTypeOf(value)) || domain.values.some((listed) => jsonEqual(listed, value));
}

/**
 * Computes the value domain of a schema: its own `type`, `enum` and `const`, intersected with the union of
 * its `anyOf` and of its `oneOf` branches and with each `allOf` part.
 * @param {unknown} document
 * @param {unknown} rawSchema
 * @param {number} [depth] how many branches deep this schema is
 * @returns {ValueDomain}
 */
export function valueDomain(document, rawSchema, depth = 0) {
  const schema = resolveRef(document, rawSchema);
  // A branch that names the schema it is part of adds no value of its own to the union it is in.
  if (schema === false || depth > MAX_DEPTH) return { any: false, types: new Set(), values: [] };
  if (!schema || typeof schema !== 'object') return anyValue();
  /** @type {ValueDomain} */
  let domain = anyValue();
  if (schema.type !== undefined) domain = { any: false, types: new Set([schema.type].flat()), values: [] };
  if ('const' in schema) domain = intersect(domain, { any: false, types: new Set(), values: [schema.const] });
  else if (Array.isArray(schema.enum))
    domain = intersect(domain, { any: false, types: new Set(), values: schema.enum });
  for (const keyword of ['anyOf', 'oneOf']) {
    if (Array.isArray(schema[keyword]))
      domain = intersect(
        domain,
        union(schema[keyword].map((/** @type {unknown} */ b) => valueDomain(document, b, depth + 1))),
      );
  }
  for (const part of Array.isArray(schema.allOf) ? schema.allOf : [])
    domain = intersect(domain, valueDomain(document, part, depth + 1));
  return domain;
}

/**
 * @param {ValueDomain[]} domains
 * @returns {ValueDomain}
 */
function union(domains) {
  if (domains.some((d) => d.any)) return anyValue();
  return {
    any: false,
    types: new Set(domains.flatMap((d) => [...d.types])),
    values: domains.flatMap((d) => d.values),
  };
}

/**
 * The values both domains admit.
 * @param {ValueDomain} a
 * @param {ValueDomain} b
 * @returns {ValueDomain}
 */
function intersect(a, b) {
  if (a.any) return b;
  if (b.any) return a;
  const values = [...a.values.filter((v) => admitsValue(b, v)), ...b.values.filter((v) => admitsValue(a, v))];
  return {
    any: false,
    types: new Set([...[...a.types].filter((t) => admitsType(b, t)), ...[...b.types].filter((t) => admitsType(a, t))]),
    values: values.filter((v, i) => values.findIndex((w) => jsonEqual(v, w)) === i),
  };
}

/**
 * What `inner` admits that `outer` does not, in words (`"REJECTED"`, `type null`, `any value`).
 * Empty when `outer` admits everything `inner` does. A value written as text (`textual`: a parameter, a
 * header) is read by a string reader whatever its type, so a string `outer` admits every scalar there.
 * @param {ValueDomain} outer
 * @param {ValueDomain} inner
 * @param {boolean} [textual]
 * @returns {string[]}
 */
export function notAdmitted(outer, inner, textual = false) {
  if (outer.any) return [];
  if (inner.any) return ['any value'];
  const readsText = textual && outer.types.has('string');
  return [
    ...[...inner.types]
      .filter((t) => !admitsType(outer, t) && !(readsText && TEXT_SCALARS.has(t)))
      .map((t) => `type ${t}`),
    ...inner.values
      .filter((v) => !admitsValue(outer, v) && !(readsText && TEXT_SCALARS.has(jsonTypeOf(v))))
      .map((v) => JSON.stringify(v)),
  ];
}

/**
 * The values a schema lists (enum and const, through anyOf/oneOf), whether or not the set is open.
 * @param {unknown} document
 * @param {unknown} rawSchema
 * @param {number} [depth] how many branches deep this schema is
 * @returns {unknown[]}
 */
export function listedValues(document, rawSchema, depth = 0) {
  const schema = resolveRef(document, rawSchema);
  if (!schema || typeof schema !== 'object' || depth > MAX_DEPTH) return [];
  const own = 'const' in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : [];
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return [...own, ...branches.flatMap((/** @type {unknown} */ b) => listedValues(document, b, depth + 1))];
}
