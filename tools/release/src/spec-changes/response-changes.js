import { resolveRef } from '@payments-connect/contract';
import { at, DIRECTION } from './comparison.js';
import { compareContent } from './content-changes.js';
import { refName } from './ref-name.js';
import { compareRemainingKeys } from './remaining-keys.js';
import { compareSchema } from './schema-changes.js';

/** @typedef {import('./comparison.js').Comparison} Comparison */

/** A success status: a status set whose successes change leaves a consumer waiting for the wrong one. */
const SUCCESS_STATUS = /^2(\d\d|XX)$/i;

/**
 * Compares the responses of one operation. `direction` is who receives them: the consumer for an API
 * operation, the API for a webhook (the consumer's endpoint answers it).
 * @param {Comparison} comparison
 * @param {Record<string, unknown> | undefined} before
 * @param {Record<string, unknown> | undefined} after
 * @param {import('./comparison.js').Direction} direction
 * @param {string} operation location of the operation
 */
export function compareResponses(comparison, before = {}, after = {}, direction, operation) {
  const receives = direction === DIRECTION.consumerReceives;
  for (const status of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const where = at(operation, `response ${status}`);
    if (!(status in after)) {
      comparison.report(
        'response-status-removed',
        where,
        receives
          ? 'response status removed from the status set: consumers that handle it never see it again'
          : "status no longer accepted from the consumer's endpoint",
      );
    } else if (!(status in before)) {
      if (receives && SUCCESS_STATUS.test(status)) {
        comparison.report(
          'success-status-added',
          where,
          'new success status: the set of successes changed, consumers that wait for the documented one miss it',
        );
      } else {
        comparison.report(
          'response-status-added',
          where,
          receives
            ? 'new error status: consumers already handle unexpected errors'
            : "new status accepted from the consumer's endpoint",
        );
      }
    } else {
      compareResponse(comparison, before[status], after[status], direction, where);
    }
  }
}

/**
 * @param {Comparison} comparison @param {unknown} before @param {unknown} after
 * @param {import('./comparison.js').Direction} direction @param {string} location
 */
function compareResponse(comparison, before, after, direction, location) {
  if (!comparison.firstVisitShared('response', before, after, direction)) return;
  const name = refName(after) ?? refName(before);
  if (name) location = `response ${name}`;
  const b = resolveRef(comparison.before, before);
  const a = resolveRef(comparison.after, after);
  compareContent(comparison, b.content, a.content, direction, location);
  compareHeaders(comparison, b.headers, a.headers, direction, location);
  compareRemainingKeys(comparison, b, a, ['content', 'headers'], location);
}

/**
 * @param {Comparison} comparison
 * @param {Record<string, unknown> | undefined} before
 * @param {Record<string, unknown> | undefined} after
 * @param {import('./comparison.js').Direction} direction @param {string} location
 */
function compareHeaders(comparison, before = {}, after = {}, direction, location) {
  const receives = direction === DIRECTION.consumerReceives;
  const lower = (/** @type {Record<string, unknown>} */ map) =>
    new Map(Object.entries(map).map(([k, v]) => [k.toLowerCase(), v]));
  const b = lower(before);
  const a = lower(after);
  for (const name of new Set([...b.keys(), ...a.keys()])) {
    const where = at(location, `header ${name}`);
    if (!a.has(name)) {
      if (receives)
        comparison.report(
          'response-header-removed',
          where,
          'response header removed: consumers that read it get nothing',
        );
      else
        comparison.report('webhook-answer-header-removed', where, "header no longer read from the consumer's answer");
    } else if (!b.has(name)) {
      comparison.report('response-header-added', where, 'header added');
    } else {
      const hb = resolveRef(comparison.before, b.get(name));
      const ha = resolveRef(comparison.after, a.get(name));
      if (Boolean(hb.required) !== Boolean(ha.required)) {
        if (receives && !ha.required)
          comparison.report(
            'response-header-now-optional',
            where,
            'header became optional: consumers that rely on it may get nothing',
          );
        else
          comparison.report(
            'header-requirement-changed',
            where,
            ha.required ? 'header is now required' : 'header is now optional',
          );
      }
      // A header's value is text: a string reader reads an integer header as well.
      compareSchema(comparison, hb.schema, ha.schema, { direction, location: where, textual: true });
      compareRemainingKeys(comparison, hb, ha, ['schema', 'required'], where);
    }
  }
}
