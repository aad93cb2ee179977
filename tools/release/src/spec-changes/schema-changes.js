import { resolveRef } from '@payments-connect/contract';
import { mergeAllOf } from './all-of-merge.js';
import { compareAllOfParts, compareAlternatives } from './alternative-changes.js';
import { BOUND_KEYWORDS, compareArrayKeywords, compareConditionals, compareConstraints } from './constraint-changes.js';
import { compareDefault } from './default-changes.js';
import { compareObjectKeywords } from './property-changes.js';
import { refName } from './ref-name.js';
import { compareRemainingKeys } from './remaining-keys.js';
import { consumerSends } from './schema-context.js';
import { isUnconstrained, nullablePayload } from './schema-shapes.js';
import { compareValues } from './value-changes.js';
import { VALUE_KEYWORDS } from './value-domain.js';

/** @typedef {import('./comparison.js').Comparison} Comparison */
/** @typedef {import('./schema-context.js').SchemaContext} SchemaContext */

/** Keywords the schema rules compare; the rest go through the catch-all of `remaining-keys.js`. */
const COMPARED_KEYWORDS = [
  ...VALUE_KEYWORDS,
  'allOf',
  'properties',
  'required',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'unevaluatedProperties',
  'items',
  'prefixItems',
  'contains',
  'unevaluatedItems',
  ...BOUND_KEYWORDS,
  'contentSchema',
  'if',
  'then',
  'else',
  'not',
  'default',
  'discriminator',
  // Judged where they matter, on the properties of an object (see property-changes.js).
  'readOnly',
  'writeOnly',
];

/**
 * Compares two schemas found at the same place and reports each difference, classified by who writes the
 * data: what a consumer sends must not accept less, what it receives must not contain more.
 * @param {Comparison} comparison
 * @param {unknown} before raw schema of the released spec (may be a `$ref`, or absent)
 * @param {unknown} after raw schema of the current spec
 * @param {SchemaContext} context
 */
export function compareSchema(comparison, before, after, context) {
  const beforeName = refName(before);
  const afterName = refName(after);
  let judgeValues = !context.valuesDecidedAbove;
  let judgeShape = true;
  if (beforeName && afterName) {
    // A named schema is judged once per direction, under its own name rather than the first path using it. Its
    // values and its shape are visited apart: a use inside an anyOf judges only the shape. A `$ref` on one side
    // only (a schema inlined, or wrapped) is a change of the place that uses it, judged there.
    const mode = `${context.direction}${context.textual ? ' as text' : ''}`;
    const key = `${beforeName}|${afterName}|${mode}|${Boolean(context.parameter)}`;
    judgeValues = judgeValues && comparison.firstVisit(`values:${key}`);
    judgeShape = comparison.firstVisit(`shape:${key}`);
    if (!judgeValues && !judgeShape) return;
    context = { ...context, location: `schema ${afterName} (${mode})` };
  }
  const b = mergeAllOf(comparison.before, resolveRef(comparison.before, before));
  const a = mergeAllOf(comparison.after, resolveRef(comparison.after, after));
  if (isUnconstrained(b) || isUnconstrained(a)) {
    if (!isUnconstrained(b) || !isUnconstrained(a)) {
      if (judgeValues) reportConstrainedness(comparison, isUnconstrained(b), context);
    } else if (judgeShape) {
      // Absent and `true` hold no keyword; `{ description }` only documents.
      const [keywordsBefore, keywordsAfter] = [b, a].map((s) => (s && typeof s === 'object' ? s : {}));
      compareDefault(comparison, keywordsBefore, keywordsAfter, context);
      compareRemainingKeys(
        comparison,
        keywordsBefore,
        keywordsAfter,
        ['readOnly', 'writeOnly', 'default'],
        context.location,
      );
    }
    return;
  }
  if (typeof b !== 'object' || typeof a !== 'object' || b === null || a === null) {
    // `false`: no value at all.
    if (judgeValues) compareValues(comparison, b, a, context);
    return;
  }
  const payloadBefore = nullablePayload(comparison.before, b);
  const payloadAfter = nullablePayload(comparison.after, a);
  if (Boolean(payloadBefore) !== Boolean(payloadAfter)) {
    // `X` and `oneOf: [{ type: 'null' }, X]`: null was added or removed, X itself is compared as X.
    if (judgeValues) compareValues(comparison, b, a, context);
    if (judgeShape) {
      compareSchema(comparison, payloadBefore ?? before, payloadAfter ?? after, {
        ...context,
        valuesDecidedAbove: true,
      });
    }
    return;
  }
  if (judgeValues) compareValues(comparison, b, a, context);
  if (!judgeShape) return;
  // The keyword comparers recurse through compareSchema, handed to them: they cannot import it back (a cycle).
  const restructured = compareAlternatives(comparison, { before, after }, b, a, context, compareSchema);
  if (!restructured) compareObjectKeywords(comparison, b, a, context, compareSchema);
  compareAllOfParts(comparison, b, a, context, compareSchema);
  compareArrayKeywords(comparison, b, a, context, compareSchema);
  compareConstraints(comparison, b, a, context);
  compareConditionals(comparison, b, a, context, compareSchema);
  compareDefault(comparison, b, a, context);
  compareRemainingKeys(comparison, b, a, COMPARED_KEYWORDS, context.location);
}

/**
 * One side accepts any value, the other has a schema (a media type's schema added or removed, `items: {}`).
 * @param {Comparison} comparison
 * @param {boolean} wasFree the released side accepted any value
 * @param {SchemaContext} context
 */
function reportConstrainedness(comparison, wasFree, context) {
  if (consumerSends(context)) {
    if (wasFree)
      comparison.report(
        'request-values-narrowed',
        context.location,
        'now restricted by a schema where any value was accepted: requests that were valid may be rejected',
      );
    else
      comparison.report(
        'request-values-widened',
        context.location,
        'no schema restricts it any more: any value is accepted',
      );
  } else if (wasFree) {
    comparison.report(
      'response-values-narrowed',
      context.location,
      'now described by a schema where any value could come',
    );
  } else {
    comparison.report(
      'response-values-widened',
      context.location,
      'no schema describes it any more: it may hold any value, including ones consumers do not handle',
    );
  }
}
