/**
 * Whether a key of a Responses object describes an error: a 4xx or 5xx status, a `4XX`/`5XX`
 * range, or `default` (which in practice stands for "any error").
 * @param {string} key
 * @returns {boolean}
 */
export function isErrorResponseKey(key) {
  return key === 'default' || /^[45]([0-9]{2}|XX)$/i.test(key);
}
