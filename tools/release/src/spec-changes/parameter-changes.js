import { resolveRef } from '@payments-connect/contract';
import { at, DIRECTION, shown } from './comparison.js';
import { equalResolved } from './json-equal.js';
import { compareRemainingKeys } from './remaining-keys.js';
import { compareSchema } from './schema-changes.js';

/** @typedef {import('./comparison.js').Comparison} Comparison */
/** @typedef {import('./comparison.js').Direction} Direction */
/** @typedef {{ raw: unknown, value: any }} ParameterEntry a parameter as written, and resolved */

/** How a parameter is put on the wire: changing any of these changes what a request looks like. */
const SERIALIZATION_KEYS = /** @type {const} */ (['style', 'explode', 'allowReserved', 'allowEmptyValue', 'content']);

/**
 * The parameters of an operation: the path item's, overridden by the operation's own, keyed by
 * location and name (header names are case-insensitive). Path variables renamed since the released spec
 * are keyed by their new name, so that the parameter is compared with itself.
 * @param {unknown} document
 * @param {any} pathItem
 * @param {any} operation
 * @param {Map<string, string>} [renamed] path variable names of this document -> names in the other one
 * @returns {Map<string, ParameterEntry>}
 */
export function effectiveParameters(document, pathItem, operation, renamed = new Map()) {
  const result = new Map();
  for (const raw of [...(pathItem?.parameters ?? []), ...(operation?.parameters ?? [])]) {
    const value = resolveRef(document, raw);
    const name =
      value.in === 'header'
        ? String(value.name).toLowerCase()
        : value.in === 'path'
          ? (renamed.get(value.name) ?? value.name)
          : value.name;
    result.set(`${value.in} ${name}`, { raw, value });
  }
  return result;
}

/**
 * Compares the parameters of one operation. `direction` says who writes them: the consumer for an API
 * operation, the API for a webhook.
 * @param {Comparison} comparison
 * @param {Map<string, ParameterEntry>} before
 * @param {Map<string, ParameterEntry>} after
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
      comparison.report(
        'parameter-removed',
        where,
        sends
          ? 'parameter removed: consumers that send it are rejected or ignored'
          : 'parameter removed: consumers that read it get nothing',
      );
    } else if (!b) {
      if (sends && a.value.required)
        comparison.report('required-parameter-added', where, 'new required parameter: existing requests lack it');
      else
        comparison.report(
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
 * How a parameter is serialized once OpenAPI's defaults are applied: `style: form` written out on a query
 * parameter is what it was without it.
 * @param {any} parameter resolved
 */
function serialization(parameter) {
  const style = parameter.style ?? (parameter.in === 'query' || parameter.in === 'cookie' ? 'form' : 'simple');
  return {
    style,
    explode: parameter.explode ?? style === 'form',
    allowReserved: parameter.allowReserved ?? false,
    allowEmptyValue: parameter.allowEmptyValue ?? false,
    content: parameter.content,
  };
}

/**
 * Whether a parameter's schema describes an array.
 * @param {unknown} document
 * @param {unknown} schema raw
 */
function isArray(document, schema) {
  const resolved = resolveRef(document, schema);
  return Boolean(resolved && typeof resolved === 'object' && [resolved.type].flat().includes('array'));
}

/**
 * @param {Comparison} comparison
 * @param {ParameterEntry} before
 * @param {ParameterEntry} after
 * @param {Direction} direction
 * @param {string} location
 */
function compareParameter(comparison, before, after, direction, location) {
  if (!comparison.firstVisitShared('parameter', before.raw, after.raw, direction)) return;
  const b = before.value;
  const a = after.value;
  const sends = direction === DIRECTION.consumerSends;
  if (Boolean(b.required) !== Boolean(a.required)) {
    if (sends && a.required)
      comparison.report(
        'parameter-now-required',
        location,
        'parameter became required: requests without it are rejected',
      );
    else if (!sends && !a.required)
      comparison.report(
        'parameter-now-optional',
        location,
        'parameter became optional: consumers that rely on it may get nothing',
      );
    else
      comparison.report(
        'parameter-requirement-relaxed',
        location,
        a.required ? 'parameter is now always sent' : 'parameter is now optional',
      );
  }
  const wireBefore = serialization(b);
  const wireAfter = serialization(a);
  for (const key of SERIALIZATION_KEYS) {
    if (!equalResolved(comparison.before, wireBefore[key], comparison.after, wireAfter[key])) {
      const what =
        key === 'content' ? 'content changed' : `${key} ${shown(wireBefore[key])} -> ${shown(wireAfter[key])}`;
      comparison.report(
        'parameter-serialization-changed',
        at(location, key),
        `${what}: the parameter is written differently on the wire`,
      );
    }
  }
  compareParameterSchema(comparison, b, a, { direction, location, textual: true, parameter: true }, wireAfter);
  compareRemainingKeys(comparison, b, a, ['name', 'in', 'required', 'schema', ...SERIALIZATION_KEYS], location);
}

/**
 * A parameter's schema, its values read as text. With `style: form` and `explode` (the default of a query
 * parameter), a single value `?status=OPEN` is also a one-element array: a scalar parameter that becomes an
 * array of the same values accepts every request it did, and its items are compared with the old scalar.
 * @param {Comparison} comparison
 * @param {any} b resolved parameter of the released spec
 * @param {any} a resolved parameter of the current spec
 * @param {import('./schema-context.js').SchemaContext} context
 * @param {ReturnType<typeof serialization>} wire the current serialization
 */
function compareParameterSchema(comparison, b, a, context, wire) {
  const repeatable = wire.style === 'form' && wire.explode && context.direction === DIRECTION.consumerSends;
  const arrayBefore = isArray(comparison.before, b.schema);
  const arrayAfter = isArray(comparison.after, a.schema);
  if (repeatable && !arrayBefore && arrayAfter) {
    comparison.report(
      'request-values-widened',
      context.location,
      'now an array: with form style and explode a single value is a one-element array, so requests stay valid',
    );
    compareSchema(comparison, b.schema, resolveRef(comparison.after, a.schema).items, context);
  } else if (repeatable && arrayBefore && !arrayAfter) {
    comparison.report(
      'request-values-narrowed',
      context.location,
      'no longer an array: requests that repeat the parameter are rejected',
    );
    compareSchema(comparison, resolveRef(comparison.before, b.schema).items, a.schema, context);
  } else {
    compareSchema(comparison, b.schema, a.schema, context);
  }
}
