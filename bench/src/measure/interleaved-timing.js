import { performance } from 'node:perf_hooks';
import { summarize } from './statistics.js';

/**
 * Times async calls of several subjects side by side. Each subject first runs `warmupCalls` calls (so the
 * JIT has compiled its path), then `batches` rounds follow; in each round every subject runs one batch of
 * `batchSize` sequential calls, in a rotating order so that no subject always runs first or last after
 * a GC. The figure per subject is the per-call time of each batch, summarised over the batches.
 * @param {{ name: string, call: () => Promise<unknown> }[]} subjects
 * @param {{ warmupCalls: number, batches: number, batchSize: number }} plan
 * @returns {Promise<Map<string, { median: number, min: number, max: number, count: number }>>} ms per call
 */
export async function timeInterleaved(subjects, { warmupCalls, batches, batchSize }) {
  for (const { call } of subjects) {
    for (let index = 0; index < warmupCalls; index += 1) await call();
  }
  /** @type {Map<string, number[]>} */
  const perCall = new Map(subjects.map(({ name }) => [name, []]));
  for (let round = 0; round < batches; round += 1) {
    for (let offset = 0; offset < subjects.length; offset += 1) {
      const { name, call } = /** @type {{ name: string, call: () => Promise<unknown> }} */ (
        subjects[(round + offset) % subjects.length]
      );
      const started = performance.now();
      for (let index = 0; index < batchSize; index += 1) await call();
      perCall.get(name)?.push((performance.now() - started) / batchSize);
    }
  }
  return new Map([...perCall].map(([name, values]) => [name, summarize(values)]));
}
