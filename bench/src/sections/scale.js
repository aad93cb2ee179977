import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { growthBetween, SUPERLINEAR_EXPONENT } from '../measure/growth.js';
import { median } from '../measure/statistics.js';
import { markdownTable } from '../report/markdown-table.js';
import { checkAtMost, checkObserved } from '../report/targets.js';
import { formatCount, formatDuration, formatRatio } from '../report/units.js';
import { writeScaleSpec } from '../scale/generate-spec.js';
import { SCALE_STEPS } from '../scale/scale-steps.js';

/** The targets for scale. */
const TYPES_TARGET = { operations: 5000, ms: 10_000 };
const MOCK_TARGET_OPERATIONS = 1000;

/**
 * Section: specs shaped like ours with 100, 1,000 and 5,000 operations, generated into a temporary directory; lint,
 * bundle, type generation, a consumer's type-check and the mock's start timed on each, and how each time grows per
 * 10x operations.
 * @type {import('../section-result.js').Section}
 */
export async function benchScale({ runs, tempDir, log }) {
  const sizes = Object.keys(runs.scale)
    .map(Number)
    .sort((a, b) => a - b);
  /** @type {Map<string, Array<{ size: number, ms: number | null, failure?: string }>>} median by size, or why none */
  const results = new Map(SCALE_STEPS.map((step) => [step.id, []]));
  const at = (/** @type {string} */ id) => results.get(id) ?? [];
  for (const size of sizes) {
    const dir = join(tempDir, `scale-${size}`);
    const spec = { dir, operations: (await writeScaleSpec(dir, size)).operations, timeoutMs: runs.scaleTimeoutMs };
    /** @type {Map<string, import('../scale/scale-steps.js').StepRun[]>} */
    const done = new Map(SCALE_STEPS.map((step) => [step.id, []]));
    for (let run = 0; run < (runs.scale[size] ?? 0); run += 1) {
      for (const step of SCALE_STEPS) {
        log(`scale: ${formatCount(size)} operations, ${step.label}, run ${run + 1}/${runs.scale[size]}`);
        const failed = step.needs && done.get(step.needs)?.at(-1)?.wallMs === null;
        const result = failed
          ? { wallMs: null, failure: `${step.needs} failed` }
          : await step.run(spec).catch((error) => ({ wallMs: null, failure: String(error.message ?? error) }));
        done.get(step.id)?.push(result);
      }
    }
    for (const step of SCALE_STEPS) {
      const stepRuns = done.get(step.id) ?? [];
      const failure = stepRuns.find((run) => run.wallMs === null)?.failure;
      const ms = failure === undefined ? median(stepRuns.map((run) => /** @type {number} */ (run.wallMs))) : null;
      at(step.id).push({ size, ms, failure });
    }
    rmSync(dir, { recursive: true, force: true });
  }
  const intervals = sizes.slice(1).map((size, index) => `${formatCount(sizes[index] ?? 0)} to ${formatCount(size)}`);
  const growth = SCALE_STEPS.map((step) =>
    at(step.id)
      .slice(1)
      .map((after, index) => {
        const before = at(step.id)[index];
        if (!before?.ms || !after.ms) return null;
        return growthBetween({ size: before.size, cost: before.ms }, { size: after.size, cost: after.ms });
      }),
  );
  const superlinear = SCALE_STEPS.filter((_, index) => growth[index]?.some((each) => each?.superlinear));
  const markdown = [
    'Specs shaped like ours (bench/src/scale): our spec as written, and generated resources up to the count,',
    'each a path file with a read and an update, its path parameter, schema and a named example paired between',
    'request and response, `AccountId` at path level, and our error responses by the rule of section 4. Every',
    'generated spec passes our lint policy (spec/redocly.yaml with the plugin) with no problem. Each step runs in a',
    "process of its own; its wall time, median of the runs in the header (the mock's: from before its import to its",
    'first 200).',
    '',
    markdownTable(
      ['Step', 'What runs', ...sizes.map((size) => `${formatCount(size)} ops (${runs.scale[size]} runs)`)],
      SCALE_STEPS.map((step) => [
        step.label,
        step.tool,
        ...at(step.id).map(({ ms, failure }) => (ms === null ? `not measured: ${failure}` : formatDuration(ms))),
      ]),
      { align: ['l', 'l', ...sizes.map(() => 'r')] },
    ),
    '',
    '**Growth** of each time per 10x operations, from the two sizes of each interval (cost ~ n^b; 10x is linear,',
    `b = 1; "worse than linear" marks b > ${SUPERLINEAR_EXPONENT}). Below 1,000 operations fixed start-up costs (Node,`,
    'loading the tool) dominate, so the last interval is the one that tells how a cost grows.',
    '',
    markdownTable(
      ['Step', ...intervals],
      SCALE_STEPS.map((step, index) => [step.label, ...(growth[index] ?? []).map(describeGrowth)]),
      { align: ['l', ...intervals.map(() => 'r')] },
    ),
  ].join('\n');
  const types = at('types').find((each) => each.size === TYPES_TARGET.operations);
  const mock = at('mock').find((each) => each.size === MOCK_TARGET_OPERATIONS);
  const measuredGrowth = growth.some((steps) => steps.some(Boolean));
  const worse = `worse than linear: ${superlinear.map((step) => step.label).join(', ')}`;
  return {
    id: 'scale',
    title: 'Scale',
    markdown,
    targets: [
      checkAtMost({
        target: `Types for ${formatCount(TYPES_TARGET.operations)} operations <= ${TYPES_TARGET.ms / 1000} s`,
        value: types?.ms,
        limit: TYPES_TARGET.ms,
        format: formatDuration,
        missing: types?.failure ?? `this run did not generate ${formatCount(TYPES_TARGET.operations)} operations`,
      }),
      checkObserved(
        'Each stage grows no worse than linearly (time)',
        measuredGrowth ? superlinear.length === 0 : null,
        measuredGrowth ? (superlinear.length === 0 ? 'every step linear or better' : worse) : 'fewer than two sizes',
      ),
      checkObserved(
        `The mock starts on the ${formatCount(MOCK_TARGET_OPERATIONS)}-operation spec`,
        mock ? mock.ms !== null : null,
        mock?.ms ? `first 200 after ${formatDuration(mock.ms)}` : (mock?.failure ?? 'size not run'),
      ),
    ],
  };
}

/**
 * A growth figure for a table cell: "4.20x per 10x (b 0.62)", flagged when worse than linear.
 * @param {{ exponent: number, perTenfold: number, superlinear: boolean } | null} growth
 * @returns {string}
 */
export function describeGrowth(growth) {
  if (!growth) return 'not measured';
  const figure = `${formatRatio(growth.perTenfold)} per 10x (b ${growth.exponent.toFixed(2)})`;
  return growth.superlinear ? `**${figure}, worse than linear**` : figure;
}
