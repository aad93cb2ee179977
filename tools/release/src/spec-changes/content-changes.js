import { parseMediaType, resolveRef } from '@payments-connect/contract';
import { at } from './comparison.js';
import { compareRemainingKeys } from './remaining-keys.js';
import { compareSchema } from './schema-changes.js';

/** @typedef {import('./comparison.js').Comparison} Comparison */

/**
 * Whether a body of this media type is JSON, where `1` and `"1"` differ. Any other body (a form, plain text)
 * carries its values as text.
 * @param {string} mediaType a key of `content`
 */
function isJson(mediaType) {
  const essence = parseMediaType(mediaType)?.essence ?? mediaType.toLowerCase();
  return essence === 'application/json' || essence.endsWith('+json');
}

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
    if (!(mediaType in after)) comparison.report('media-type-removed', where, 'media type removed');
    else if (!(mediaType in before)) comparison.report('media-type-added', where, 'media type added');
    else {
      const b = resolveRef(comparison.before, before[mediaType]);
      const a = resolveRef(comparison.after, after[mediaType]);
      compareSchema(comparison, b.schema, a.schema, { direction, location: where, textual: !isJson(mediaType) });
      compareRemainingKeys(comparison, b, a, ['schema'], where);
    }
  }
}
