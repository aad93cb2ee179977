import { jsonEqual } from './json-equal.js';

/** @typedef {import('./comparison.js').Comparison} Comparison */

/**
 * What of a server list a consumer depends on: the URLs in order and the variables' values. Descriptions
 * only document.
 * @param {any[] | undefined} servers
 */
function effectiveServers(servers) {
  return (servers ?? []).map((server) => ({
    url: server.url,
    variables: Object.fromEntries(
      Object.entries(server.variables ?? {}).map(([name, v]) => [name, { default: v?.default, enum: v?.enum }]),
    ),
  }));
}

/**
 * Compares two server lists (of the document, a path or an operation): a changed URL, order or variable
 * value is breaking, because consumers pick a server by its URL or position; a changed description is not.
 * @param {Comparison} comparison
 * @param {any[] | undefined} before
 * @param {any[] | undefined} after
 * @param {string} location
 */
export function compareServers(comparison, before, after, location) {
  if (jsonEqual(before, after)) return;
  if (jsonEqual(effectiveServers(before), effectiveServers(after))) {
    comparison.report('documentation', location, 'server descriptions changed');
    return;
  }
  const urls = (/** @type {any[] | undefined} */ list) => (list ?? []).map((s) => s.url);
  const removed = urls(before).filter((u) => !urls(after).includes(u));
  const added = urls(after).filter((u) => !urls(before).includes(u));
  const parts = [
    removed.length ? `removed ${removed.join(', ')}` : '',
    added.length ? `added ${added.join(', ')}` : '',
  ].filter(Boolean);
  const what = parts.length ? parts.join('; ') : 'server order or variable values changed';
  comparison.report(
    'servers-changed',
    location,
    `servers changed (${what}): consumers pick a server by its URL or position`,
  );
}
