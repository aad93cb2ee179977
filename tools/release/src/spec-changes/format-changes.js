/** @typedef {import('./comparison.js').SpecChange} SpecChange */

/**
 * Renders changes as a readable list, breaking ones first:
 * `BREAKING      operation-removed  GET /v1/rfi/{rfiId}: operation removed`.
 * @param {SpecChange[]} changes
 * @returns {string}
 */
export function formatChanges(changes) {
  if (changes.length === 0) return 'No changes.';
  const breaking = changes.filter((c) => c.kind === 'breaking');
  const rest = changes.filter((c) => c.kind !== 'breaking');
  const ruleWidth = Math.max(...changes.map((c) => c.rule.length));
  const line = (/** @type {SpecChange} */ c) => {
    const kind = (c.kind === 'breaking' ? 'BREAKING' : 'non-breaking').padEnd(12);
    return `  ${kind}  ${c.rule.padEnd(ruleWidth)}  ${c.location}: ${c.message}`;
  };
  return [
    `${changes.length} change(s): ${breaking.length} breaking, ${rest.length} non-breaking`,
    ...breaking.map(line),
    ...rest.map(line),
  ].join('\n');
}
