// The gate's consumer attribution over the breaking-change corpus. For each breaking pair, two consumers' journals are
// generated from the pair's base document (corpus/corpus-consumers.js says how): `exercising` touches every part of an
// operation that differs between base and revision, `avoiding` calls an operation none of whose parts differ. Written
// as files, read as `--consumers` reads them and judged, each breaking change must name the exercising consumer (as
// broken, or as exercising it) and never the avoiding one. A change no journal can exercise (a server, a webhook, a
// type name, a scheme no operation uses) must be reported as not visible in recordings, with why, and name nobody.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_REASONS } from '../src/consumer-impact/change-scope.js';
import { assessConsumerImpact } from '../src/consumer-impact/consumer-impact.js';
import { readConsumerRecordings } from '../src/consumer-impact/consumer-recordings.js';
import { compareSpecs } from '../src/spec-changes/compare-specs.js';
import { breakingChangeCorpus } from './corpus/breaking-change-corpus.js';
import { corpusConsumers } from './corpus/corpus-consumers.js';
import { readmeOutput } from './readme-output.js';

const breakingPairs = breakingChangeCorpus.filter((pair) => pair.verdict === 'breaking');

/**
 * @typedef {object} PairResult
 * @property {import('./corpus/corpus-document.js').CorpusPair} pair
 * @property {ReturnType<typeof corpusConsumers>} generated
 * @property {import('../src/consumer-impact/consumer-impact.js').ConsumerImpact} impact
 */

let dir = '';
/** @type {PairResult[]} */
const results = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'consumer-impact-corpus-'));
  for (const [index, pair] of breakingPairs.entries()) {
    const generated = corpusConsumers(pair);
    const folder = join(dir, String(index));
    await mkdir(folder);
    await writeFile(join(folder, 'exercising.jsonl'), `${generated.exercising.join('\n')}\n`);
    if (generated.avoiding) await writeFile(join(folder, 'avoiding.jsonl'), `${generated.avoiding.join('\n')}\n`);
    const recordings = await readConsumerRecordings(folder);
    const changes = compareSpecs(pair.base, pair.revision);
    results.push({
      pair,
      generated,
      impact: await assessConsumerImpact({ before: pair.base, after: pair.revision, changes, ...recordings }),
    });
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** @param {import('../src/consumer-impact/consumer-impact.js').ChangeImpact} change */
const named = (change) => [...change.breaks, ...change.exercises].map((tally) => tally.consumer);

describe('consumer attribution over the breaking-change corpus', () => {
  it('prints its coverage, as the README shows it', async () => {
    const changes = results.flatMap((r) => r.impact.changes);
    const visible = changes.filter((c) => !c.hidden);
    const broken = visible.filter((c) => c.breaks.some((t) => t.consumer === 'exercising')).length;
    /** @type {Map<string, number>} */
    const hidden = new Map();
    for (const { hidden: reason } of changes) if (reason) hidden.set(reason, (hidden.get(reason) ?? 0) + 1);
    const line =
      `consumer attribution: ${results.length} breaking pairs, ${changes.length} breaking changes; ` +
      `${visible.length} name the exercising consumer (${broken} as broken, ${visible.length - broken} as ` +
      `exercising them without a break shown), ${changes.length - visible.length} not visible in recordings ` +
      `(${[...hidden].map(([reason, n]) => `${n}: ${reason}`).join('; ')}); ` +
      `${results.filter((r) => r.generated.avoiding).length} pairs have an avoiding consumer, named by none`;
    console.log(line);
    expect(line).toBe(await readmeOutput('consumer-attribution'));
    expect(results).toHaveLength(breakingPairs.length);
    expect(visible.length).toBeGreaterThan(0);
  });

  it.each(breakingPairs.map((pair) => [pair.id]))('%s', (id) => {
    const { generated, impact } = /** @type {PairResult} */ (results.find((r) => r.pair.id === id));
    const said = JSON.stringify(impact.changes, null, 2);
    expect(impact.problems, said).toEqual([]);
    expect(impact.consumers.find((c) => c.name === 'exercising')?.exchanges, said).toBe(generated.exercising.length);
    expect(impact.unexplained, said).toEqual([]);
    expect(impact.outside, said).toEqual([]);
    // A journal can exercise the pair exactly when an operation differs in a part a recording holds.
    expect(
      impact.changes.some((c) => !c.hidden),
      said,
    ).toBe(generated.parts.length > 0);
    for (const change of impact.changes) {
      if (change.hidden) {
        expect(Object.values(HIDDEN_REASONS), said).toContain(change.hidden);
        expect(named(change), said).toEqual([]);
      } else {
        expect(named(change), said).toContain('exercising');
        expect(named(change), said).not.toContain('avoiding');
      }
    }
  });

  it('has an avoiding consumer for every pair but those where every call exercises the change', () => {
    const without = results.filter((r) => r.generated.parts.length > 0 && !r.generated.avoiding);
    // The document's security, or the scheme every operation uses: no call escapes it.
    expect(without.map((r) => r.pair.id).sort()).toEqual([
      'document security: a scheme required where none was',
      'document security: another scheme',
      'security scheme type changed',
    ]);
  });
});
