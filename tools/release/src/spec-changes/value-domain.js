import { resolveRef } from '@payments-connect/openapi/model';
import { jsonEqual } from './json-equal.js';

/**
 * The set of values a schema accepts, as far as its type and enumeration keywords say: `any`, or some
 * whole JSON types plus some listed values. An open enum written `anyOf: [{ type: string, enum: [...] },
 * { type: string }]` is the whole string type: adding a listed value to it changes nothing a consumer
 * can observe, closing it (dropping the plain string branch) narrows it.
 * @typedef {{ any: boolean, types: Set<string>, values: unknown[] }} ValueDomain
 */

/** Keywords whose meaning the value domain captures. */
export const VALUE_KEYWORDS = /** @type {const} */ (['type', 'enum', 'const', 'anyOf', 'oneOf']);

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
 * Keeps the part of a domain that also has one of the given types (a `type` next to `anyOf`).
 * @param {ValueDomain} domain
 * @param {string[]} types
 * @returns {ValueDomain}
 */
function restrictToTypes(domain, types) {
  const only = { any: false, types: new Set(types), values: [] };
  if (domain.any) return only;
  return {
    any: false,
    types: new Set([...domain.types].filter((t) => admitsType(only, t))),
    values: domain.values.filter((v) => admitsValue(only, v)),
  };
}

/**
 * Computes the value domain of a schema, or undefined when its keywords (`allOf`, `not`) are beyond
 * what this classifier reasons about.
 * @param {unknown} document
 * @param {unknown} rawSchema
 * @returns {ValueDomain | undefined}
 */
export function valueDomain(document, rawSchema) {
  const schema = resolveRef(document, rawSchema);
  if (schema === true || schema === undefined || schema === null) return anyValue();
  if (schema === false) return { any: false, types: new Set(), values: [] };
  const types = schema.type === undefined ? undefined : [schema.type].flat();
  /** @type {ValueDomain | undefined} */
  let domain;
  if ('const' in schema) domain = { any: false, types: new Set(), values: [schema.const] };
  else if (Array.isArray(schema.enum)) domain = { any: false, types: new Set(), values: [...schema.enum] };
  else if (Array.isArray(schema.anyOf ?? schema.oneOf)) {
    const branches = (schema.anyOf ?? schema.oneOf).map((/** @type {unknown} */ b) => valueDomain(document, b));
    if (branches.some((/** @type {ValueDomain | undefined} */ b) => b === undefined)) return undefined;
    domain = union(/** @type {ValueDomain[]} */ (branches));
  } else if (schema.allOf || schema.not) return undefined;
  else if (types) return { any: false, types: new Set(types), values: [] };
  else return anyValue();
  return types ? restrictToTypes(domain, types) : domain;
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
 * What `inner` admits that `outer` does not, in words (`"REJECTED"`, `type null`, `any value`).
 * Empty when `outer` admits everything `inner` does.
 * @param {ValueDomain} outer
 * @param {ValueDomain} inner
 * @returns {string[]}
 */
export function notAdmitted(outer, inner) {
  if (outer.any) return [];
  if (inner.any) return ['any value'];
  return [
    ...[...inner.types].filter((t) => !admitsType(outer, t)).map((t) => `type ${t}`),
    ...inner.values.filter((v) => !admitsValue(outer, v)).map((v) => JSON.stringify(v)),
  ];
}

/**
 * The values a schema lists (enum and const, through anyOf/oneOf), whether or not the set is open.
 * @param {unknown} document
 * @param {unknown} rawSchema
 * @returns {unknown[]}
 */
export function listedValues(document, rawSchema) {
  const schema = resolveRef(document, rawSchema);
  if (!schema || typeof schema !== 'object') return [];
  const own = 'const' in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : [];
  const branches = schema.anyOf ?? schema.oneOf ?? [];
  return [...own, ...branches.flatMap((/** @type {unknown} */ b) => listedValues(document, b))];
}
