/**
 * Whether a path template sits under a prefix on a segment boundary: `/v1/rfi` and `/v1/rfi/{rfiId}`
 * are under `/v1/rfi`, `/v1/rfis` is not.
 * @param {string} path
 * @param {string} prefix
 * @returns {boolean}
 */
export function isUnderPrefix(path, prefix) {
  return path === prefix || path.startsWith(`${prefix}/`);
}
