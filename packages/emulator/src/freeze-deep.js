/**
 * Freezes a plain-data value and everything it holds. The store keeps its records frozen so that a write can only
 * replace a record with a changed copy (`store.update`): a write in place throws, not leaving half a write behind.
 * @template T @param {T} value @returns {T} the same value, now frozen
 */
export function freezeDeep(value) {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const member of Object.values(value)) freezeDeep(member);
  return Object.freeze(value);
}
