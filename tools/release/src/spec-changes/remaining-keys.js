import { at } from './comparison.js';
import { equalResolved } from './json-equal.js';

/** Keys that only document (or, for examples, feed the mock): a change to them never breaks a consumer. */
const DOCUMENTATION_KEYS = new Set([
  'description',
  'summary',
  'title',
  'example',
  'examples',
  'externalDocs',
  '$comment',
  'tags',
]);

/**
 * Reports every key of two objects that no rule covered: documentation keys and `x-` extensions as
 * non-breaking, anything else as unclassified, which counts as breaking so that a change no rule
 * understands cannot slip into a minor release.
 * @param {import('./comparison.js').Comparison} comparison
 * @param {Record<string, any>} before
 * @param {Record<string, any>} after
 * @param {Iterable<string>} covered keys the caller compared itself
 * @param {string} location
 */
export function compareRemainingKeys(comparison, before, after, covered, location) {
  const skip = new Set(covered);
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (skip.has(key) || key === '$ref') continue;
    const b = before?.[key];
    const a = after?.[key];
    if (equalResolved(comparison.before, b, comparison.after, a)) continue;
    const verb = b === undefined ? 'added' : a === undefined ? 'removed' : 'changed';
    if (key === 'deprecated') {
      comparison.report('deprecation', location, a ? 'marked deprecated' : 'no longer deprecated');
    } else if (DOCUMENTATION_KEYS.has(key) || key.startsWith('x-')) {
      comparison.report('documentation', location, `${key} ${verb}`);
    } else {
      comparison.report(
        'unclassified',
        at(location, key),
        `${key} ${verb}; no rule classifies this change, so it counts as breaking`,
      );
    }
  }
}
