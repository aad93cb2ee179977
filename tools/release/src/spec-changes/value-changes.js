import { jsonEqual } from './json-equal.js';
import { consumerSends } from './schema-context.js';
import { listedValues, notAdmitted, valueDomain } from './value-domain.js';

/** @typedef {import('./comparison.js').Comparison} Comparison */

/**
 * Types, enums, const and the anyOf/oneOf/allOf around them, judged as one set of accepted values: a request
 * must accept all it did, a response must hold nothing it could not.
 * @param {Comparison} comparison
 * @param {unknown} b resolved schema of the released spec
 * @param {unknown} a resolved schema of the current spec
 * @param {import('./schema-context.js').SchemaContext} context
 */
export function compareValues(comparison, b, a, context) {
  const before = valueDomain(comparison.before, b);
  const after = valueDomain(comparison.after, a);
  const dropped = notAdmitted(after, before, context.textual);
  const gained = notAdmitted(before, after, context.textual);
  const sends = consumerSends(context);
  if (dropped.length > 0) {
    if (sends)
      comparison.report(
        'request-values-narrowed',
        context.location,
        `no longer accepts ${dropped.join(', ')}: requests that were valid are rejected`,
      );
    else comparison.report('response-values-narrowed', context.location, `no longer holds ${dropped.join(', ')}`);
  }
  if (gained.length > 0) {
    if (sends) comparison.report('request-values-widened', context.location, `now also accepts ${gained.join(', ')}`);
    else
      comparison.report(
        'response-values-widened',
        context.location,
        `may now hold ${gained.join(', ')}: consumers may receive a value they do not handle`,
      );
  }
  if (dropped.length === 0 && gained.length === 0) compareListedValues(comparison, b, a, context.location);
}

/**
 * Values listed in, or unlisted from, an open set (`anyOf: [{ enum }, { type: string }]`): documentation of
 * values the set already admitted.
 * @param {Comparison} comparison @param {unknown} b @param {unknown} a @param {string} location
 */
function compareListedValues(comparison, b, a, location) {
  const listedBefore = listedValues(comparison.before, b);
  const listedAfter = listedValues(comparison.after, a);
  const added = listedAfter.filter((v) => !listedBefore.some((w) => jsonEqual(v, w)));
  const removed = listedBefore.filter((v) => !listedAfter.some((w) => jsonEqual(v, w)));
  if (added.length + removed.length === 0) return;
  const parts = [
    added.length ? `listed ${added.map((v) => JSON.stringify(v)).join(', ')}` : '',
    removed.length ? `unlisted ${removed.map((v) => JSON.stringify(v)).join(', ')}` : '',
  ];
  comparison.report(
    'open-set-values-listed',
    location,
    `${parts.filter(Boolean).join('; ')}; the set is open, so the accepted values are the same`,
  );
}
