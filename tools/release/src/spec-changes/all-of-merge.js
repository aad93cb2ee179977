import { resolveRef } from '@payments-connect/contract';
import { jsonEqual } from './json-equal.js';
import { ANNOTATION_KEYWORDS, isUnconstrained } from './schema-shapes.js';

/**
 * Keywords whose meaning depends on the sibling keywords of their own part (`additionalProperties` sees only
 * the `properties` beside it): a part holding one cannot be merged into the others.
 */
const PART_BOUND = new Set(['additionalProperties', 'patternProperties', 'unevaluatedProperties', 'unevaluatedItems']);
/** How deep allOf parts are folded into their own parts: a schema whose allOf names itself stops there. */
const MAX_DEPTH = 16;

/**
 * Folds `allOf` into one schema when its parts can be read as one: every part's keywords are laid side by side,
 * `properties` and `required` are united, and a property two parts define is the allOf of both. So moving a
 * property into an `allOf` part, or adding a part that only documents, compares as what it is. A `true` part adds
 * no condition, a `false` one makes the whole schema `false`. Returns the schema unchanged when the parts conflict
 * (two different `type`s) or hold a keyword bound to its part.
 * @param {unknown} document
 * @param {any} schema resolved
 * @param {number} [depth] how many allOf levels were folded above this one
 * @returns {any}
 */
export function mergeAllOf(document, schema, depth = 0) {
  if (!schema || typeof schema !== 'object' || !Array.isArray(schema.allOf) || depth > MAX_DEPTH) return schema;
  const { allOf, ...own } = schema;
  const parts = [
    own,
    ...allOf.map((/** @type {unknown} */ part) => mergeAllOf(document, resolveRef(document, part), depth + 1)),
  ].filter((part) => part !== true);
  if (parts.includes(false)) return false;
  if (parts.some((part) => !part || typeof part !== 'object' || Array.isArray(part.allOf))) return schema;
  const constraining = parts.filter((part) => !isUnconstrained(part));
  if (constraining.length > 1 && constraining.some((part) => Object.keys(part).some((key) => PART_BOUND.has(key))))
    return schema;
  /** @type {Record<string, any>} */
  const merged = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties') merged.properties = mergeProperties(merged.properties ?? {}, value);
      else if (key === 'required') merged.required = [...new Set([...(merged.required ?? []), ...value])];
      else if (!(key in merged)) merged[key] = value;
      else if (!jsonEqual(merged[key], value) && !ANNOTATION_KEYWORDS.has(key) && !key.startsWith('x-')) return schema;
    }
  }
  return merged;
}

/**
 * @param {Record<string, unknown>} into
 * @param {Record<string, unknown>} from
 */
function mergeProperties(into, from) {
  const result = { ...into };
  for (const [name, schema] of Object.entries(from)) {
    result[name] = name in result && !jsonEqual(result[name], schema) ? { allOf: [result[name], schema] } : schema;
  }
  return result;
}
