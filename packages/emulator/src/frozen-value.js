/**
 * Values frozen all the way down, and what is worked out from them once. A value that cannot change has the same
 * JSON text and the same contract verdict every time it is sent: the store freezes every record it holds, so a read
 * of an unchanged record costs neither a serialisation nor a schema check after the first.
 */

/** Every object {@link freezeDeep} froze, nested ones included: only these are known not to change. */
const deeplyFrozen = new WeakSet();
/** @type {WeakMap<object, Map<string, unknown>>} what was worked out from each deeply frozen value, by key */
const memos = new WeakMap();

/**
 * Freezes a plain-data value (objects, arrays, primitives) and everything it holds.
 * @template T
 * @param {T} value
 * @returns {T} the same value, now frozen
 */
export function freezeDeep(value) {
  if (typeof value !== 'object' || value === null || deeplyFrozen.has(value)) return value;
  for (const member of Object.values(value)) freezeDeep(member);
  Object.freeze(value);
  deeplyFrozen.add(value);
  return value;
}

/**
 * What `compute` gives for a value, worked out once per key when the value was frozen by {@link freezeDeep}, and
 * every time otherwise. `compute` must depend on nothing but the value and the key.
 * @template R
 * @param {unknown} value
 * @param {string} key names what is computed and from which other inputs (`json`, `getRfiCase 200`)
 * @param {() => R} compute
 * @returns {R}
 */
export function memoOfFrozen(value, key, compute) {
  if (typeof value !== 'object' || value === null) return compute();
  let memo = memos.get(value);
  if (!memo) {
    if (!deeplyFrozen.has(value)) return compute();
    memo = new Map();
    memos.set(value, memo);
  }
  // Looked up once: a compute that gives undefined is simply run again next time.
  let result = memo.get(key);
  if (result === undefined) {
    result = compute();
    memo.set(key, result);
  }
  return /** @type {R} */ (result);
}
