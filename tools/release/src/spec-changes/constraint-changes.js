import { at, shown } from './comparison.js';
import { equalResolved, jsonEqual } from './json-equal.js';
import { consumerSends, itemsOf, within } from './schema-context.js';

/** @typedef {import('./comparison.js').Comparison} Comparison */
/** @typedef {import('./schema-context.js').SchemaContext} SchemaContext */
/** @typedef {import('./schema-context.js').CompareSchema} CompareSchema */
/** @typedef {{ stricter: boolean, looser: boolean }} Effect what a change does to the accepted values */

const STRICTER = { stricter: true, looser: false };
const LOOSER = { stricter: false, looser: true };
/** A change that admits some new values and rejects some old ones (a different pattern). */
const BOTH = { stricter: true, looser: true };

/** Constraints that reject more values as their number grows. */
const STRICTER_WHEN_HIGHER = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties', 'minContains'];
/** Constraints that reject more values as their number shrinks. */
const STRICTER_WHEN_LOWER = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties', 'maxContains'];
/** Constraints where any change may reject values that passed before, and admit others. */
const CHANGED_IS_BOTH = ['contentMediaType', 'contentEncoding'];
/**
 * Every keyword `compareConstraints` judges: each bounds the values of the instance it sits on, with no schema in it.
 */
export const BOUND_KEYWORDS = [
  ...STRICTER_WHEN_HIGHER,
  ...STRICTER_WHEN_LOWER,
  'multipleOf',
  'uniqueItems',
  'pattern',
  'format',
  ...CHANGED_IS_BOTH,
];
/** Formats that admit every value of the format on the left, and more (OpenAPI's registry of formats). */
const FORMAT_WIDENINGS = /** @type {Record<string, string[]>} */ ({ int32: ['int64'], float: ['double'] });
/** A pattern any string matches (`.*`), as far as a reader can tell without running it. */
const MATCHES_ANYTHING = /^\^?(?:\.\*|\[\\s\\S\]\*|\[\\S\\s\]\*)\$?$/;

/**
 * Reports a changed constraint by what it does to the accepted values: a request that rejects more breaks
 * consumers, and so does a response that may hold more.
 * @param {Comparison} comparison
 * @param {SchemaContext} context
 * @param {string} where
 * @param {Effect} effect
 * @param {string} what the change in words (`maxLength 50 -> 20`)
 */
export function reportConstraint(comparison, context, where, { stricter, looser }, what) {
  if (consumerSends(context)) {
    if (stricter)
      comparison.report('request-constraint-tightened', where, `${what}: requests that were valid may be rejected`);
    else comparison.report('request-constraint-loosened', where, what);
  } else if (looser) {
    comparison.report(
      'response-constraint-loosened',
      where,
      `${what}: responses may hold values consumers did not expect`,
    );
  } else {
    comparison.report('response-constraint-tightened', where, what);
  }
}

/**
 * Numeric bounds, `multipleOf`, `uniqueItems`, `pattern`, `format` and the content keywords of a string.
 * @param {Comparison} comparison @param {any} b @param {any} a @param {SchemaContext} context
 */
export function compareConstraints(comparison, b, a, context) {
  for (const key of BOUND_KEYWORDS) {
    const before = b[key];
    const after = a[key];
    if (jsonEqual(before, after)) continue;
    reportConstraint(
      comparison,
      context,
      at(context.location, key),
      effectOf(key, before, after),
      `${key} ${shown(before)} -> ${shown(after)}`,
    );
  }
}

/**
 * @param {string} key
 * @param {any} before
 * @param {any} after
 * @returns {Effect}
 */
function effectOf(key, before, after) {
  if (key === 'uniqueItems') return after === true ? STRICTER : LOOSER;
  if (before === undefined) return STRICTER;
  if (after === undefined) return LOOSER;
  if (STRICTER_WHEN_HIGHER.includes(key)) return after > before ? STRICTER : LOOSER;
  if (STRICTER_WHEN_LOWER.includes(key)) return after < before ? STRICTER : LOOSER;
  if (key === 'multipleOf') {
    // Multiples of 4 are multiples of 2: 2 -> 4 rejects 6, 4 -> 2 admits it.
    if (Number.isInteger(after / before)) return STRICTER;
    if (Number.isInteger(before / after)) return LOOSER;
    return BOTH;
  }
  if (key === 'pattern') {
    if (MATCHES_ANYTHING.test(after)) return LOOSER;
    if (MATCHES_ANYTHING.test(before)) return STRICTER;
    return BOTH;
  }
  if (key === 'format') {
    if (FORMAT_WIDENINGS[before]?.includes(after)) return LOOSER;
    if (FORMAT_WIDENINGS[after]?.includes(before)) return STRICTER;
  }
  return BOTH;
}

/**
 * A keyword holding a schema that every value must also satisfy (`contains`, `propertyNames`, `then`...):
 * added, it restricts; removed, it frees; changed, its schema is compared as any other.
 * @param {Comparison} comparison
 * @param {unknown} before
 * @param {unknown} after
 * @param {SchemaContext} context
 * @param {string} keyword how the location names it (`contains`, `patternProperties ^x-`)
 * @param {CompareSchema} compareSchema compares the two schemas when both sides hold one
 */
export function compareApplicator(comparison, before, after, context, keyword, compareSchema) {
  if (equalResolved(comparison.before, before, comparison.after, after)) return;
  const form = (/** @type {unknown} */ v) =>
    v === undefined || v === true ? 'free' : v === false ? 'closed' : 'schema';
  const [formBefore, formAfter] = [form(before), form(after)];
  if (formBefore === 'schema' && formAfter === 'schema') {
    compareSchema(comparison, before, after, within(context, keyword));
    return;
  }
  const effect = {
    stricter: formBefore === 'free' || formAfter === 'closed',
    looser: formAfter === 'free' || formBefore === 'closed',
  };
  const what =
    before === undefined
      ? `${keyword} added`
      : after === undefined
        ? `${keyword} removed`
        : `${keyword} ${describe(before)} -> ${describe(after)}`;
  reportConstraint(comparison, context, at(context.location, keyword), effect, what);
}

/** @param {unknown} value a schema or a boolean */
function describe(value) {
  return typeof value === 'boolean' ? String(value) : 'a schema';
}

/**
 * `items`, `prefixItems` (position by position), `contains` and `unevaluatedItems`.
 * @param {Comparison} comparison @param {any} b @param {any} a @param {SchemaContext} context
 * @param {CompareSchema} compareSchema compares the items' schemas
 */
export function compareArrayKeywords(comparison, b, a, context, compareSchema) {
  const positions = Math.max(b.prefixItems?.length ?? 0, a.prefixItems?.length ?? 0);
  for (let i = 0; i < positions; i++) {
    const itemAt = (/** @type {any} */ s) => (i < (s.prefixItems?.length ?? 0) ? s.prefixItems[i] : s.items);
    compareSchema(comparison, itemAt(b), itemAt(a), itemsOf(context, i));
  }
  // `items` absent from a schema that holds no array says nothing (a string that became an array of strings).
  const holdsArrays = (/** @type {any} */ s) => s.type === undefined || [s.type].flat().includes('array');
  if ((b.items !== undefined || holdsArrays(b)) && (a.items !== undefined || holdsArrays(a)))
    compareSchema(comparison, b.items, a.items, itemsOf(context));
  compareApplicator(comparison, b.contains, a.contains, context, 'contains', compareSchema);
  compareApplicator(comparison, b.unevaluatedItems, a.unevaluatedItems, context, 'unevaluatedItems', compareSchema);
}

/**
 * `if`, `then`, `else`, `not` and `contentSchema`. A changed `if` or `not` condition both admits and rejects
 * values, so it breaks either side.
 * @param {Comparison} comparison @param {any} b @param {any} a @param {SchemaContext} context
 * @param {CompareSchema} compareSchema compares the schemas of `then`, `else` and `contentSchema`
 */
export function compareConditionals(comparison, b, a, context, compareSchema) {
  for (const keyword of ['if', 'not']) {
    if (equalResolved(comparison.before, b[keyword], comparison.after, a[keyword])) continue;
    const effect = b[keyword] === undefined ? STRICTER : a[keyword] === undefined ? LOOSER : BOTH;
    const verb = b[keyword] === undefined ? 'added' : a[keyword] === undefined ? 'removed' : 'changed';
    reportConstraint(comparison, context, at(context.location, keyword), effect, `${keyword} condition ${verb}`);
  }
  for (const keyword of ['then', 'else', 'contentSchema'])
    compareApplicator(comparison, b[keyword], a[keyword], context, keyword, compareSchema);
}
