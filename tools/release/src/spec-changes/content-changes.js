import { resolveRef } from '@payments-connect/openapi/model';
import { at } from './comparison.js';
import { compareRemainingKeys } from './remaining-keys.js';
import { compareSchema } from './schema-changes.js';

/** @typedef {import('./comparison.js').Comparison} Comparison */
/** @typedef {import('./comparison.js').Direction} Direction */

/**
 * Compares the `content` map of a request body or response: a media type that goes away breaks those who
 * use it; a new one is an addition; a common one has its schema compared.
 * @param {Comparison} comparison
 * @param {Record<string, any> | undefined} before
 * @param {Record<string, any> | undefined} after
 * @param {import('./comparison.js').Direction} direction
 * @param {string} location
 */
export function compareContent(comparison, before = {}, after = {}, direction, location) {
  for (const mediaType of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const where = at(location, mediaType);
    if (!(mediaType in after)) comparison.breaking('media-type-removed', where, 'media type removed');
    else if (!(mediaType in before)) comparison.nonBreaking('media-type-added', where, 'media type added');
    else {
      const b = resolveRef(comparison.before, before[mediaType]);
      const a = resolveRef(comparison.after, after[mediaType]);
      compareSchema(comparison, b.schema, a.schema, direction, where);
      compareRemainingKeys(comparison, b, a, ['schema'], where);
    }
  }
}
