/**
 * Freezes a plain-data value (objects, arrays, primitives) and everything it holds. The store keeps its records
 * frozen so that a write can only replace a record with a changed copy (`store.update`): a handler that tried to
 * change a record in place would throw, rather than leave half a write behind when it is refused.
 * @template T
 * @param {T} value
 * @returns {T} the same value, now frozen
 */
export function freezeDeep(value) {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const member of Object.values(value)) freezeDeep(member);
  return Object.freeze(value);
}
