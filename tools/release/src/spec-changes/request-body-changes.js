import { resolveRef } from '@payments-connect/contract';
import { at, DIRECTION } from './comparison.js';
import { compareContent } from './content-changes.js';
import { compareRemainingKeys } from './remaining-keys.js';

/** @typedef {import('./comparison.js').Comparison} Comparison */

/**
 * Compares the request body of one operation. For a webhook the body is the event the API sends, so a
 * consumer receives it.
 * @param {Comparison} comparison
 * @param {unknown} before raw requestBody (or undefined)
 * @param {unknown} after
 * @param {import('./comparison.js').Direction} direction
 * @param {string} operation location of the operation
 */
export function compareRequestBody(comparison, before, after, direction, operation) {
  const location = at(operation, 'request body');
  const b = resolveRef(comparison.before, before);
  const a = resolveRef(comparison.after, after);
  const sends = direction === DIRECTION.consumerSends;
  if (!b && !a) return;
  if (!a) {
    comparison.report(
      'request-body-removed',
      location,
      sends ? 'request body removed: consumers that send one are rejected' : 'event payload removed',
    );
    return;
  }
  if (!b) {
    if (sends && a.required)
      comparison.report(
        'required-request-body-added',
        location,
        'new required request body: existing requests lack it',
      );
    else comparison.report('request-body-added', location, 'new optional request body');
    return;
  }
  if (!comparison.firstVisitShared('requestBody', before, after, direction)) return;
  if (Boolean(b.required) !== Boolean(a.required)) {
    if (sends && a.required) comparison.report('request-body-now-required', location, 'request body became required');
    else
      comparison.report(
        'request-body-requirement-changed',
        location,
        a.required ? 'request body is now required' : 'request body is now optional',
      );
  }
  compareContent(comparison, b.content, a.content, direction, location);
  compareRemainingKeys(comparison, b, a, ['required', 'content'], location);
}
