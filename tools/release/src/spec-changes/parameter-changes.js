import { resolveRef } from '@payments-connect/openapi/model';
import { at, DIRECTION } from './comparison.js';
import { equalResolved } from './json-equal.js';
import { refName } from './ref-name.js';
import { compareRemainingKeys } from './remaining-keys.js';
import { compareSchema } from './schema-changes.js';

/** @typedef {import('./comparison.js').Comparison} Comparison */
/** @typedef {import('./comparison.js').Direction} Direction */

/** How a parameter is put on the wire: changing any of these changes what a request looks like. */
const SERIALIZATION_KEYS = ['style', 'explode', 'allowReserved', 'allowEmptyValue', 'content'];

/**
 * The parameters of an operation: the path item's, overridden by the operation's own, keyed by
 * location and name (header names are case-insensitive).
 * @param {unknown} document
 * @param {any} pathItem
 * @param {any} operation
 * @returns {Map<string, { raw: unknown, value: any }>}
 */
export function effectiveParameters(document, pathItem, operation) {
  const result = new Map();
  for (const raw of [...(pathItem?.parameters ?? []), ...(operation?.parameters ?? [])]) {
    const value = resolveRef(document, raw);
    const name = value.in === 'header' ? String(value.name).toLowerCase() : value.name;
    result.set(`${value.in} ${name}`, { raw, value });
  }
  return result;
}

/**
 * Compares the parameters of one operation. `direction` says who writes them: the consumer for an API
 * operation, the API for a webhook.
 * @param {Comparison} comparison
 * @param {Map<string, { raw: unknown, value: any }>} before
 * @param {Map<string, { raw: unknown, value: any }>} after
 * @param {Direction} direction
 * @param {string} location the operation
 */
export function compareParameters(comparison, before, after, direction, location) {
  const sends = direction === DIRECTION.consumerSends;
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const b = before.get(key);
    const a = after.get(key);
    const where = at(location, `${key.split(' ')[0]} parameter ${(a ?? b)?.value.name}`);
    if (!a) {
      comparison.breaking(
        'parameter-removed',
        where,
        sends
          ? 'parameter removed: consumers that send it are rejected or ignored'
          : 'parameter removed: consumers that read it get nothing',
      );
    } else if (!b) {
      if (sends && a.value.required)
        comparison.breaking('required-parameter-added', where, 'new required parameter: existing requests lack it');
      else
        comparison.nonBreaking(
          'parameter-added',
          where,
          a.value.required ? 'new parameter, always sent' : 'new optional parameter',
        );
    } else {
      compareParameter(comparison, b, a, direction, where);
    }
  }
}

/**
 * @param {Comparison} comparison
 * @param {{ raw: unknown, value: any }} before
 * @param {{ raw: unknown, value: any }} after
 * @param {Direction} direction
 * @param {string} location
 */
function compareParameter(comparison, before, after, direction, location) {
  const name = refName(before.raw) ?? refName(after.raw);
  if (name && !comparison.firstVisit(`parameter:${refName(before.raw)}|${refName(after.raw)}|${direction}`)) return;
  const b = before.value;
  const a = after.value;
  const sends = direction === DIRECTION.consumerSends;
  if (Boolean(b.required) !== Boolean(a.required)) {
    if (sends && a.required)
      comparison.breaking(
        'parameter-now-required',
        location,
        'parameter became required: requests without it are rejected',
      );
    else if (!sends && !a.required)
      comparison.breaking(
        'parameter-now-optional',
        location,
        'parameter became optional: consumers that rely on it may get nothing',
      );
    else
      comparison.nonBreaking(
        'parameter-requirement-relaxed',
        location,
        a.required ? 'parameter is now always sent' : 'parameter is now optional',
      );
  }
  for (const key of SERIALIZATION_KEYS) {
    if (!equalResolved(comparison.before, b[key], comparison.after, a[key])) {
      comparison.breaking(
        'parameter-serialization-changed',
        at(location, key),
        `${key} changed: the parameter is written differently on the wire`,
      );
    }
  }
  compareSchema(comparison, b.schema, a.schema, direction, location);
  compareRemainingKeys(comparison, b, a, ['name', 'in', 'required', 'schema', ...SERIALIZATION_KEYS], location);
}
