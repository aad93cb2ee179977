/**
 * The snapshot format's JSON Schema, made from the spec: the format's own parts (`snapshot-format.json`: the header,
 * tenants, tokens, events and faults, and what the emulator's rules read of a record beyond what the spec says), and
 * the records held to the spec's schemas of them, copied from its components. So the schema follows the spec: the
 * build writes the bundled spec's to `dist/snapshot.schema.json`, which the package publishes, and an emulator holds a
 * snapshot to the one of the spec it serves.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { MAX_PENDING_FAULTS, MAX_TENANTS } from '../defaults.js';
import { COLLECTIONS, RECORD_SCHEMAS } from '../store.js';

/**
 * The format's own parts, found from the package's manifest (its self-reference), not from this module, which the bin's
 * bundle (`dist/bin/`) moves: the file stays in the package's `src/snapshot/`.
 */
const formatFile = () =>
  join(
    dirname(createRequire(import.meta.url).resolve('@payments-connect/emulator/package.json')),
    'src/snapshot/snapshot-format.json',
  );
const COMPONENT = '#/components/schemas/';

/** Keywords of the spec's Schema Objects that check nothing, or that JSON Schema does not know: left out. */
const NOT_CHECKED = new Set(['description', 'title', 'example', 'discriminator', 'xml', 'externalDocs', 'deprecated']);
/** Keywords whose value names schemas (a property's name is no keyword). */
const SCHEMAS_BY_NAME = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
/** Keywords whose value is data, copied as it is. */
const DATA = new Set(['enum', 'const', 'required', 'examples', 'default']);

/**
 * The format's schema for the spec of `document`, the emulator's bounds applied (the published schema holds a snapshot
 * to the default ones).
 * @param {any} document the bundled OpenAPI document
 * @param {{ maxTenants?: number, maxPendingFaults?: number }} [bounds]
 * @returns {any} a JSON Schema (2020-12) that no reference leaves
 */
export function snapshotSchema(document, { maxTenants = MAX_TENANTS, maxPendingFaults = MAX_PENDING_FAULTS } = {}) {
  const schema = JSON.parse(readFileSync(formatFile(), 'utf8'));
  const components = document.components?.schemas ?? {};
  for (const name of referencedFrom(components, Object.values(RECORD_SCHEMAS))) {
    if (schema.$defs[name] !== undefined)
      throw new Error(`the spec's schema ${name} has the name of a part of the format`);
    const copied = /** @type {Record<string, unknown>} */ (copy(components[name]));
    schema.$defs[name] = { $comment: `components.schemas.${name} of the spec`, ...copied };
  }
  /** @param {any} holder @param {string} name the spec's schema it is held to, if the spec has one */
  const heldTo = (holder, name) => {
    if (components[name] !== undefined) holder.allOf = [{ $ref: `#/$defs/${name}` }];
  };
  const { records, accounts, tenants, faults } = schema.properties;
  for (const name of COLLECTIONS) heldTo(records.properties[name].items.properties.record, RECORD_SCHEMAS[name]);
  heldTo(accounts.items.properties.account, RECORD_SCHEMAS.account);
  heldTo(accounts.items.properties.businessProfile, RECORD_SCHEMAS.businessProfile);
  tenants.maxItems = maxTenants + 1;
  faults.maxItems = maxPendingFaults;
  return schema;
}

/**
 * The names of the spec's schemas `roots` name and those they refer to, each once.
 * @param {Record<string, unknown>} components @param {string[]} roots @returns {string[]}
 */
function referencedFrom(components, roots) {
  const found = new Set();
  const queue = roots.filter((name) => components[name] !== undefined);
  while (queue.length > 0) {
    const name = /** @type {string} */ (queue.shift());
    if (found.has(name)) continue;
    found.add(name);
    const refs = JSON.stringify(components[name]).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g);
    queue.push(...[...refs].map(([, ref]) => decodeURIComponent(String(ref))));
  }
  return [...found];
}

/**
 * A copy of a Schema Object of the spec as plain JSON Schema: what checks nothing left out, its references into the
 * components made references into `$defs`.
 * @param {unknown} node @returns {unknown}
 */
function copy(node) {
  if (Array.isArray(node)) return node.map(copy);
  if (node === null || typeof node !== 'object') return node;
  /** @type {Record<string, unknown>} */
  const copied = {};
  for (const [key, value] of Object.entries(node)) {
    if (NOT_CHECKED.has(key) || key.startsWith('x-')) continue;
    if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT))
      copied[key] = `#/$defs/${value.slice(COMPONENT.length)}`;
    else if (DATA.has(key)) copied[key] = value;
    else if (SCHEMAS_BY_NAME.has(key) && value !== null && typeof value === 'object')
      copied[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, copy(schema)]));
    else copied[key] = copy(value);
  }
  return copied;
}
