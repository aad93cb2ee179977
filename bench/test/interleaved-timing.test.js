import { describe, expect, it } from 'vitest';
import { timeInterleaved } from '../src/measure/interleaved-timing.js';

describe('timeInterleaved', () => {
  it('warms each subject up, then runs every subject once per round, in a rotating order', async () => {
    /** @type {string[]} */
    const order = [];
    /** @type {Record<string, number>} */
    const counts = { a: 0, b: 0, c: 0 };
    const subject = (/** @type {string} */ name) => ({
      name,
      call: async () => {
        counts[name] += 1;
        if (order.at(-1) !== name) order.push(name);
      },
    });
    const timings = await timeInterleaved([subject('a'), subject('b'), subject('c')], {
      warmupCalls: 4,
      batches: 3,
      batchSize: 5,
    });
    expect(counts).toEqual({ a: 4 + 3 * 5, b: 4 + 3 * 5, c: 4 + 3 * 5 });
    // Warm-up a, b, c; then rounds a b c, b c a, c a b.
    expect(order).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'b', 'c', 'a', 'c', 'a', 'b']);
    expect([...timings.keys()]).toEqual(['a', 'b', 'c']);
    for (const timing of timings.values()) expect(timing).toMatchObject({ count: 3 });
  });
});
