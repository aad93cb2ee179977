import { resolveRef } from '@payments-connect/contract';
import { at, shown } from './comparison.js';
import { compareApplicator, reportConstraint } from './constraint-changes.js';
import { equalResolved } from './json-equal.js';
import { consumerSends, within } from './schema-context.js';

/** @typedef {import('./comparison.js').Comparison} Comparison */
/** @typedef {import('./schema-context.js').SchemaContext} SchemaContext */
/** @typedef {import('./schema-context.js').CompareSchema} CompareSchema */

/**
 * The keywords of an object: its properties (as each direction sees them), `required`, and what it says of
 * properties it does not name.
 * @param {Comparison} comparison @param {any} b @param {any} a @param {SchemaContext} context
 * @param {CompareSchema} compareSchema compares the schemas the keywords hold (a property's, a map's values)
 */
export function compareObjectKeywords(comparison, b, a, context, compareSchema) {
  compareProperties(comparison, b, a, context, compareSchema);
  compareRequired(comparison, b, a, context);
  compareAdditionalProperties(comparison, b, a, context, compareSchema);
  for (const pattern of new Set([
    ...Object.keys(b.patternProperties ?? {}),
    ...Object.keys(a.patternProperties ?? {}),
  ])) {
    compareApplicator(
      comparison,
      b.patternProperties?.[pattern],
      a.patternProperties?.[pattern],
      context,
      `patternProperties ${pattern}`,
      compareSchema,
    );
  }
  compareApplicator(comparison, b.propertyNames, a.propertyNames, context, 'propertyNames', compareSchema);
  compareApplicator(
    comparison,
    b.unevaluatedProperties,
    a.unevaluatedProperties,
    context,
    'unevaluatedProperties',
    compareSchema,
  );
  compareDependentRequired(comparison, b, a, context);
  for (const name of new Set([...Object.keys(b.dependentSchemas ?? {}), ...Object.keys(a.dependentSchemas ?? {})])) {
    compareApplicator(
      comparison,
      b.dependentSchemas?.[name],
      a.dependentSchemas?.[name],
      context,
      `dependentSchemas ${name}`,
      compareSchema,
    );
  }
}

/**
 * Whether a direction leaves a property out: a consumer does not send a `readOnly` one, and does not receive a
 * `writeOnly` one (OpenAPI 3.1, Schema Object). A schema shared by requests and responses is judged once per
 * direction, each seeing only its own properties.
 * @param {unknown} document
 * @param {unknown} raw the property's schema
 * @param {SchemaContext} context
 */
function hiddenIn(document, raw, context) {
  const schema = resolveRef(document, raw);
  if (!schema || typeof schema !== 'object') return false;
  return consumerSends(context) ? schema.readOnly === true : schema.writeOnly === true;
}

/**
 * @param {Comparison} comparison @param {any} b @param {any} a @param {SchemaContext} context
 * @param {CompareSchema} compareSchema
 */
function compareProperties(comparison, b, a, context, compareSchema) {
  const before = b.properties ?? {};
  const after = a.properties ?? {};
  const sends = consumerSends(context);
  const requiredAfter = new Set(a.required ?? []);
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const where = at(context.location, name);
    const inBefore = Object.hasOwn(before, name);
    const inAfter = Object.hasOwn(after, name);
    const hiddenBefore = inBefore && hiddenIn(comparison.before, before[name], context);
    const hiddenAfter = inAfter && hiddenIn(comparison.after, after[name], context);
    if (!inAfter) {
      if (hiddenBefore && sends)
        comparison.report('read-only-property-removed', where, 'read-only property removed: consumers never sent it');
      else if (hiddenBefore)
        comparison.report('write-only-property-removed', where, 'write-only property removed: responses never held it');
      else
        comparison.report(
          'property-removed',
          where,
          sends
            ? 'property removed from a request: consumers that send it get a type error or a rejection'
            : 'property removed from a response: consumers that read it get nothing',
        );
    } else if (!inBefore) {
      if (hiddenAfter)
        comparison.report(
          'property-added',
          where,
          sends
            ? 'new read-only property: consumers do not send it'
            : 'new write-only property: responses do not hold it',
        );
      else if (sends && requiredAfter.has(name))
        comparison.report(
          'required-request-field-added',
          where,
          'new required property in a request: existing requests lack it',
        );
      else
        comparison.report(
          'property-added',
          where,
          sends ? 'new optional property in a request' : 'new property in a response',
        );
    } else if (hiddenBefore && hiddenAfter) {
      // Neither version shows it in this direction.
    } else if (hiddenBefore) {
      if (sends && requiredAfter.has(name))
        comparison.report(
          'required-request-field-added',
          where,
          'no longer read-only, and required: existing requests, which left it out, lack it',
        );
      else
        comparison.report(
          'property-added',
          where,
          sends ? 'no longer read-only: consumers may send it' : 'no longer write-only: responses now hold it',
        );
    } else if (hiddenAfter) {
      if (sends)
        comparison.report(
          'request-property-now-read-only',
          where,
          'property became read-only: the API ignores it in requests, so what consumers send in it no longer counts',
        );
      else
        comparison.report(
          'response-property-now-write-only',
          where,
          'property became write-only: responses no longer hold it, so consumers that read it get nothing',
        );
    } else {
      compareSchema(comparison, before[name], after[name], within(context, name));
    }
  }
}

/**
 * @param {Comparison} comparison @param {any} b @param {any} a @param {SchemaContext} context
 */
function compareRequired(comparison, b, a, context) {
  const before = new Set(b.required ?? []);
  const after = new Set(a.required ?? []);
  const sends = consumerSends(context);
  const propertiesBefore = b.properties ?? {};
  const propertiesAfter = a.properties ?? {};
  // A property new to this direction is reported with the property; a removed one as removed.
  const comparable = (/** @type {string} */ name) =>
    Object.hasOwn(propertiesBefore, name) === Object.hasOwn(propertiesAfter, name) &&
    !(Object.hasOwn(propertiesBefore, name) && hiddenIn(comparison.before, propertiesBefore[name], context)) &&
    !(Object.hasOwn(propertiesAfter, name) && hiddenIn(comparison.after, propertiesAfter[name], context));
  for (const name of after) {
    if (before.has(name) || !comparable(name)) continue;
    if (sends)
      comparison.report(
        'request-field-now-required',
        at(context.location, name),
        'request property became required: requests without it are rejected',
      );
    else
      comparison.report(
        'response-field-now-required',
        at(context.location, name),
        'response property is now always present',
      );
  }
  for (const name of before) {
    if (after.has(name) || !comparable(name)) continue;
    if (sends)
      comparison.report('request-field-now-optional', at(context.location, name), 'request property is now optional');
    else
      comparison.report(
        'response-field-now-optional',
        at(context.location, name),
        'response property became optional: consumers that rely on it may get nothing',
      );
  }
}

/**
 * @param {Comparison} comparison @param {any} b @param {any} a @param {SchemaContext} context
 * @param {CompareSchema} compareSchema
 */
function compareAdditionalProperties(comparison, b, a, context, compareSchema) {
  const before = b.additionalProperties;
  const after = a.additionalProperties;
  if (equalResolved(comparison.before, before, comparison.after, after)) return;
  const where = at(context.location, 'additionalProperties');
  if (before !== false && after !== false) {
    // A map's values (`additionalProperties: { type: string }`) are compared as any schema.
    compareSchema(comparison, before, after, within(context, 'additionalProperties'));
  } else if (consumerSends(context) && after === false) {
    comparison.report(
      'request-extra-properties-rejected',
      where,
      'a request object that accepted properties it does not name now rejects them',
    );
  } else {
    // A response may always gain properties (property-added): consumers ignore those they do not know.
    comparison.report(
      'additional-properties-changed',
      where,
      `additionalProperties ${shown(before)} -> ${shown(after)}`,
    );
  }
}

/**
 * `dependentRequired`: a property that, when present, requires others. A name added to a list restricts.
 * @param {Comparison} comparison @param {any} b @param {any} a @param {SchemaContext} context
 */
function compareDependentRequired(comparison, b, a, context) {
  const before = b.dependentRequired ?? {};
  const after = a.dependentRequired ?? {};
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const listBefore = /** @type {string[]} */ (before[name] ?? []);
    const listAfter = /** @type {string[]} */ (after[name] ?? []);
    const added = listAfter.filter((n) => !listBefore.includes(n));
    const removed = listBefore.filter((n) => !listAfter.includes(n));
    if (added.length + removed.length === 0) continue;
    const parts = [
      added.length ? `now requires ${added.join(', ')}` : '',
      removed.length ? `no longer requires ${removed.join(', ')}` : '',
    ];
    reportConstraint(
      comparison,
      context,
      at(context.location, `dependentRequired ${name}`),
      { stricter: added.length > 0, looser: removed.length > 0 },
      `when ${name} is present, it ${parts.filter(Boolean).join(' and ')}`,
    );
  }
}
