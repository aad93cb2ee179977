/**
 * The date after which a deprecated operation, parameter or field may go, where the spec gives one: `x-sunset`, a
 * date (`2027-06-30`), beside `deprecated: true` (the extension oasdiff reads for the same purpose).
 */
export const SUNSET_EXTENSION = 'x-sunset';

/** Parts of the document where a deprecation can sit; example values are data, never a deprecation. */
const ROOTS = ['paths', 'webhooks', 'components'];
const DATA_KEYS = new Set(['example', 'examples', 'value', 'default', 'enum', 'const']);

/**
 * @typedef {object} Deprecation
 * @property {string} where `getRfiCase`, or the keys that lead to a parameter or field
 * @property {string} [sunset] its sunset date, where the spec gives one
 */

/**
 * Makes deprecations visible with their sunset date: Redoc badges a deprecated operation and marks a deprecated
 * parameter or field, but shows no date; each gets a notice at the start of its description, and an operation with a
 * date a badge that names it. Mutates the contract's document.
 * @param {import('@payments-connect/contract').Contract} contract The contract of a copy of the bundled document.
 * @returns {Deprecation[]} what is deprecated, in document order
 */
export function addDeprecations(contract) {
  /** @type {Deprecation[]} */
  const found = [];
  /** @param {any} node @param {string[]} tokens */
  const visit = (node, tokens) => {
    if (!node || typeof node !== 'object') return;
    if (node.deprecated === true) {
      const sunset = typeof node[SUNSET_EXTENSION] === 'string' ? node[SUNSET_EXTENSION] : undefined;
      const until = sunset ? ` before its sunset, ${sunset}` : '';
      const notice = `**Deprecated:** it still works in this version; move off it${until}.`;
      const text = node.description ?? (node.$ref ? contract.dereference(node).node?.description : undefined);
      node.description = text ? `${notice}\n\n${text}` : notice;
      if (sunset && typeof node.operationId === 'string') {
        node['x-badges'] = [...(node['x-badges'] ?? []), { name: `Sunset ${sunset}`, color: '#b3261e' }];
      }
      found.push({ where: typeof node.operationId === 'string' ? node.operationId : tokens.join('.'), sunset });
    }
    for (const [key, child] of Object.entries(node)) {
      if (DATA_KEYS.has(key) && tokens.at(-1) !== 'properties') continue;
      visit(child, [...tokens, key]);
    }
  };
  for (const root of ROOTS) visit(contract.document[root], [root]);
  return found;
}
