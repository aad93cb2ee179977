import { at, Comparison } from './comparison.js';
import { jsonEqual } from './json-equal.js';
import { compareOperations } from './operation-changes.js';
import { compareRemainingKeys } from './remaining-keys.js';
import { compareSecurity, compareSecuritySchemes } from './security-changes.js';
import { compareServers } from './server-changes.js';

/** Top-level keys compared by a rule of their own; the rest go through the catch-all. */
const DOCUMENT_KEYS = ['openapi', 'info', 'servers', 'security', 'paths', 'webhooks', 'components'];

/**
 * Lists and classifies every difference between the last released bundled spec and the current one,
 * by the rules in README.md: what a consumer sends must not accept less, what it receives must not
 * contain more, and nothing it relies on (operations, statuses, parameters, properties, servers,
 * security, the names of generated types) may disappear.
 * @param {any} before the released bundled OpenAPI 3.1 document
 * @param {any} after the current bundled OpenAPI 3.1 document
 * @returns {import('./comparison.js').SpecChange[]}
 */
export function compareSpecs(before, after) {
  const comparison = new Comparison(before, after);
  if (before.openapi !== after.openapi)
    comparison.report('openapi-version-changed', 'openapi', `${before.openapi} -> ${after.openapi}`);
  compareInfo(comparison);
  compareServers(comparison, before.servers, after.servers, 'servers');
  compareSecurity(comparison, before.security, after.security, 'security');
  compareNamedComponents(comparison);
  compareOperations(comparison);
  compareRemainingKeys(comparison, before, after, DOCUMENT_KEYS, 'document');
  return comparison.changes;
}

/**
 * `info` only documents; its `version` is release metadata that moves with every release, so it is left out.
 * @param {Comparison} comparison
 */
function compareInfo(comparison) {
  const { version: _before, ...before } = comparison.before.info ?? {};
  const { version: _after, ...after } = comparison.after.info ?? {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!jsonEqual(before[key], after[key])) comparison.report('documentation', at('info', key), `info.${key} changed`);
  }
}

/**
 * Components that consumers name directly: security schemes (what credentials to send) and schemas
 * (@payments-connect/types exports one type per schema). Their contents are compared where they are used.
 * @param {Comparison} comparison
 */
function compareNamedComponents(comparison) {
  compareSecuritySchemes(
    comparison,
    comparison.before.components?.securitySchemes ?? {},
    comparison.after.components?.securitySchemes ?? {},
  );
  const schemas = [comparison.before.components?.schemas ?? {}, comparison.after.components?.schemas ?? {}];
  for (const name of new Set([...Object.keys(schemas[0]), ...Object.keys(schemas[1])])) {
    if (!(name in schemas[1]))
      comparison.report(
        'schema-removed',
        `schema ${name}`,
        `schema removed: @payments-connect/types no longer exports the ${name} type`,
      );
    else if (!(name in schemas[0])) comparison.report('schema-added', `schema ${name}`, 'new schema');
  }
}
