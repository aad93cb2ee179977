// Where in a schema a change's location leads: the instance path its parts walk (a property, an item, the values under
// a keyword) and the keyword it ends with, in each version's schema.
import { resolveRef } from '@payments-connect/contract';
import { BOUND_KEYWORDS } from '../spec-changes/constraint-changes.js';

/** Keywords that end a schema location without a schema of their own to walk into. */
const CONSTRAINT_KEYWORDS = new Set([
  'type',
  'enum',
  'const',
  'required',
  ...BOUND_KEYWORDS,
  'default',
  'discriminator',
  'dependentRequired',
]);
/** Keywords whose schema applies to the values under the instance: its items, or its properties' values. */
const VALUE_KEYWORDS = new Set([
  'additionalProperties',
  'unevaluatedProperties',
  'patternProperties',
  'contains',
  'unevaluatedItems',
]);
/** Keywords whose schema applies to the instance itself. */
const SAME_PLACE_KEYWORDS = new Set([
  'if',
  'then',
  'else',
  'not',
  'dependentSchemas',
  'propertyNames',
  'contentSchema',
]);
const ALTERNATIVES = new Set(['oneOf', 'anyOf', 'allOf']);
/** How many composition levels are searched for a property: a schema that composes itself stops there. */
const MAX_COMPOSITION_DEPTH = 8;

/**
 * @typedef {{ document: any, schema: unknown }} SchemaRoot a schema, and the version it belongs to
 */

/**
 * The schema a location starts from, in each version that has it.
 * @param {{ before: any, after: any }} context
 * @param {(document: any, side: 'before' | 'after') => any} find
 * @returns {SchemaRoot[]}
 */
export function schemaRoots({ before, after }, find) {
  return [
    { document: before, schema: find(before, 'before') },
    { document: after, schema: find(after, 'after') },
  ].filter((root) => root.schema !== undefined);
}

/**
 * The instance path the schema parts of a location lead to, and the keyword they end with, if any. Each part is a
 * property (`name`), a keyword (`maxLength`, `oneOf[1]`, `patternProperties ^x-`) or either with array suffixes
 * (`items[]`, `pair[0]`); the schemas of both versions tell a property from a keyword of the same name.
 * @param {string[]} parts
 * @param {SchemaRoot[]} roots
 * @returns {{ pointer: string[], keyword: string | undefined }}
 */
export function schemaPath(parts, roots) {
  /** @type {string[]} */
  const pointer = [];
  /** @type {string | undefined} */
  let keyword;
  let schemas = roots;
  for (const [index, part] of parts.entries()) {
    const last = index === parts.length - 1;
    let { base, suffixes } = splitSuffixes(part);
    const word = base.split(' ')[0] ?? '';
    if (base === '') {
      // Only array suffixes: the items of the schema so far.
    } else if (propertySchemas(schemas, base).length > 0) {
      pointer.push(base);
      schemas = propertySchemas(schemas, base);
    } else if (ALTERNATIVES.has(base)) {
      const position = /^\[(\d+)\]/.exec(suffixes);
      suffixes = position ? suffixes.slice(position[0].length) : suffixes;
      schemas = expand(schemas).flatMap(({ document, schema }) => {
        const branches = Array.isArray(schema[base]) ? schema[base] : [];
        const chosen = position ? [branches[Number(position[1])]] : branches;
        return chosen.filter((branch) => branch !== undefined).map((branch) => ({ document, schema: branch }));
      });
      if (last && suffixes === '') keyword = base;
    } else if (VALUE_KEYWORDS.has(word)) {
      if (last && suffixes === '') keyword = word;
      else {
        pointer.push('*');
        const pattern = base.slice(word.length + 1);
        schemas = expand(schemas).flatMap(({ document, schema }) => {
          const child = word === 'patternProperties' ? schema.patternProperties?.[pattern] : schema[word];
          return child === undefined ? [] : [{ document, schema: child }];
        });
      }
    } else if (SAME_PLACE_KEYWORDS.has(word)) {
      if (last && suffixes === '') keyword = word === 'then' || word === 'else' ? 'if' : word;
      else {
        const name = base.slice(word.length + 1);
        schemas = expand(schemas).flatMap(({ document, schema }) => {
          const child = word === 'dependentSchemas' ? schema.dependentSchemas?.[name] : schema[word];
          return child === undefined ? [] : [{ document, schema: child }];
        });
      }
    } else if (last && CONSTRAINT_KEYWORDS.has(word)) {
      keyword = word;
    } else {
      // A property neither version has any more (or has yet): its place is still its name.
      pointer.push(base);
      schemas = [];
    }
    for (const position of suffixes.matchAll(/\[(\d*)\]/g)) {
      const at = position[1] ?? '';
      pointer.push(at === '' ? '*' : at);
      schemas = expand(schemas).flatMap(({ document, schema }) => {
        const child = at !== '' && Array.isArray(schema.prefixItems) ? schema.prefixItems[Number(at)] : undefined;
        const items = child ?? schema.items;
        return items === undefined ? [] : [{ document, schema: items }];
      });
    }
  }
  return { pointer, keyword };
}

/**
 * A location part split into its name and its array suffixes: `items[]` into `items` and `[]`.
 * @param {string} part
 */
export function splitSuffixes(part) {
  const match = /^(.*?)((?:\[\d*\])*)$/.exec(part);
  return { base: match?.[1] ?? part, suffixes: match?.[2] ?? '' };
}

/**
 * The schemas of a property in any of the schemas, through their compositions.
 * @param {SchemaRoot[]} schemas
 * @param {string} name
 * @returns {SchemaRoot[]}
 */
function propertySchemas(schemas, name) {
  return expand(schemas).flatMap(({ document, schema }) =>
    schema.properties && Object.hasOwn(schema.properties, name) ? [{ document, schema: schema.properties[name] }] : [],
  );
}

/**
 * Each schema resolved, with the schemas it composes (`allOf`, `anyOf`, `oneOf`, `then`, `else`) beside it: a
 * property or the items may be defined in any of them.
 * @param {SchemaRoot[]} schemas
 * @returns {Array<{ document: any, schema: any }>}
 */
function expand(schemas) {
  /** @type {Array<{ document: any, schema: any }>} */
  const found = [];
  /** @param {any} document @param {unknown} raw @param {number} depth */
  const visit = (document, raw, depth) => {
    const schema = resolveRef(document, raw);
    if (!schema || typeof schema !== 'object' || depth > MAX_COMPOSITION_DEPTH) return;
    found.push({ document, schema });
    for (const keyword of ['allOf', 'anyOf', 'oneOf'])
      for (const branch of schema[keyword] ?? []) visit(document, branch, depth + 1);
    for (const keyword of ['then', 'else']) if (schema[keyword]) visit(document, schema[keyword], depth + 1);
  };
  for (const { document, schema } of schemas) visit(document, schema, 0);
  return found;
}
