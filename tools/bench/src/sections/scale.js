import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { growthBetween, SUPERLINEAR_EXPONENT } from '../measure/growth.js';
import { median } from '../measure/statistics.js';
import { markdownTable } from '../report/markdown-table.js';
import { checkAtMost, checkObserved } from '../report/targets.js';
import { formatBytes, formatCount, formatDuration, formatRatio, formatRuns } from '../report/units.js';
import { writeScaleSpec } from '../scale/generate-spec.js';
import { SCALE_STEPS } from '../scale/scale-steps.js';

/** The targets for scale. */
const TYPES_TARGET = { operations: 5000, ms: 10_000 };
const MOCK_TARGET_OPERATIONS = 1000;

/**
 * @typedef {{ wallMs: number | null, peakRssBytes: number | null, failure?: string, readyMs?: number }} StepRun
 * @typedef {{ size: number, runs: StepRun[], medianMs: number | null, peakBytes: number | null, failure?: string }}
 *   StepAtSize
 */

/**
 * Section 5: specs shaped like ours with 100, 1,000 and 5,000 operations, generated into a temporary
 * directory; lint, bundle, type generation, a consumer's type-check and the mock's start-up measured on each
 * (time and peak memory), and how each cost grows per 10x operations.
 * @param {import('../bench-context.js').BenchContext} context
 * @returns {Promise<import('../report/render-report.js').SectionResult>}
 */
export async function benchScale({ runs, tempDir, log }) {
  const sizes = Object.keys(runs.scale)
    .map(Number)
    .sort((a, b) => a - b);
  /** @type {Map<string, StepAtSize[]>} */
  const results = new Map(SCALE_STEPS.map((step) => [step.id, []]));
  const generated = [];

  for (const size of sizes) {
    const dir = join(tempDir, `scale-${size}`);
    const started = performance.now();
    const spec = await writeScaleSpec(dir, size);
    generated.push({ size, files: spec.fileCount, ms: performance.now() - started });
    const stepRuns = new Map(SCALE_STEPS.map((step) => [step.id, []]));
    for (let run = 0; run < runs.scale[size]; run += 1) {
      for (const step of SCALE_STEPS) {
        const prerequisite = step.needs && stepRuns.get(step.needs).at(-1);
        if (prerequisite && prerequisite.wallMs === null) {
          stepRuns
            .get(step.id)
            .push({ wallMs: null, peakRssBytes: null, failure: `not measured: ${step.needs} failed` });
          continue;
        }
        log(`scale: ${formatCount(size)} operations, ${step.label}, run ${run + 1}/${runs.scale[size]}`);
        stepRuns
          .get(step.id)
          .push(await step.run({ dir, operations: spec.operations, timeoutMs: runs.scaleTimeoutMs }));
      }
    }
    for (const step of SCALE_STEPS) results.get(step.id).push(summarizeStep(size, stepRuns.get(step.id)));
    rmSync(dir, { recursive: true, force: true });
  }

  const growth = SCALE_STEPS.map((step) => ({
    step,
    time: growthSteps(results.get(step.id), 'medianMs'),
    memory: growthSteps(results.get(step.id), 'peakBytes'),
  }));
  const sizeHeaders = sizes.map((size) => `${formatCount(size)} ops (${formatRuns(runs.scale[size])})`);
  const timeRows = SCALE_STEPS.map((step) => [
    step.label,
    step.tool,
    ...results.get(step.id).map((at) => (at.medianMs === null ? at.failure : formatDuration(at.medianMs))),
  ]);
  const memoryRows = SCALE_STEPS.map((step) => [
    step.label,
    ...results.get(step.id).map((at) => (at.peakBytes === null ? 'not measured' : formatBytes(at.peakBytes))),
  ]);
  const intervals = sizes.slice(1).map((size, index) => `${formatCount(sizes[index])} to ${formatCount(size)}`);
  const growthRows = growth.map(({ step, time, memory }) => [
    step.label,
    ...intervals.map((_, index) => describeGrowth(time[index])),
    ...intervals.map((_, index) => describeGrowth(memory[index])),
  ]);
  const superlinear = growth.filter(({ time }) => time.some((interval) => interval?.superlinear));

  const markdown = [
    'A generator (tools/bench/src/scale) writes split specs shaped like ours: the root a table of contents, one file',
    'per path, one per component, `AccountId` at path level, error responses as `$ref`s by the rule of section 4',
    '(reads 7 statuses, writes add 415, writes under /v1/rfi add 409), named examples paired between request and',
    'response, the token operation and the two sandbox-only operations. Every generated spec passes our lint policy',
    '(spec/redocly.yaml with the plugin) with no problem. Each step is a child process; time is its wall time (median',
    'of the runs in the header), memory the peak of its largest process (largest over the runs).',
    '',
    markdownTable(
      ['Spec', ...sizes.map(formatCount)],
      [
        [
          'Files written (generation time)',
          ...generated.map((g) => `${formatCount(g.files)} (${formatDuration(g.ms)})`),
        ],
      ],
      { align: ['l', ...sizes.map(() => 'r')] },
    ),
    '',
    '**Time**',
    '',
    markdownTable(['Step', 'What runs', ...sizeHeaders], timeRows, { align: ['l', 'l', ...sizes.map(() => 'r')] }),
    '',
    '**Peak memory**',
    '',
    markdownTable(['Step', ...sizeHeaders], memoryRows, { align: ['l', ...sizes.map(() => 'r')] }),
    '',
    `**Growth** per 10x operations: the factor a cost is multiplied by for ten times the operations, from the two`,
    `sizes of each interval (cost ~ n^b; 10x is linear, b = 1). "worse than linear" marks b > ${SUPERLINEAR_EXPONENT}.`,
    'Below 1,000 operations fixed start-up costs (Node, loading the tool) dominate, so the second interval is the one',
    'that tells how a cost grows.',
    '',
    markdownTable(
      [
        'Step',
        ...intervals.map((interval) => `Time, ${interval}`),
        ...intervals.map((interval) => `Memory, ${interval}`),
      ],
      growthRows,
      { align: ['l', ...intervals.flatMap(() => ['r', 'r'])] },
    ),
    '',
    ...advice(results, sizes, await mockStartTimeout()),
  ].join('\n');

  const typesAtTarget = results.get('types').find((at) => at.size === TYPES_TARGET.operations);
  const mockAtTarget = results.get('mock').find((at) => at.size === MOCK_TARGET_OPERATIONS);
  const measuredGrowth = growth.some(({ time }) => time.some(Boolean));
  return {
    id: 'scale',
    title: 'Scale',
    markdown,
    targets: [
      checkAtMost({
        target: `Types for ${formatCount(TYPES_TARGET.operations)} operations <= ${TYPES_TARGET.ms / 1000} s`,
        value: typesAtTarget?.medianMs,
        limit: TYPES_TARGET.ms,
        format: formatDuration,
        missing: typesAtTarget
          ? typesAtTarget.failure
          : `this run did not generate ${formatCount(TYPES_TARGET.operations)} operations (--quick)`,
      }),
      checkObserved(
        'Each stage grows no worse than linearly (time)',
        measuredGrowth ? superlinear.length === 0 : null,
        measuredGrowth
          ? superlinear.length === 0
            ? 'every step linear or better'
            : `worse than linear: ${superlinear.map(({ step }) => step.label).join(', ')}`
          : 'fewer than two sizes measured',
      ),
      checkObserved(
        `The mock starts on the ${formatCount(MOCK_TARGET_OPERATIONS)}-operation spec`,
        mockAtTarget ? mockAtTarget.medianMs !== null : null,
        mockAtTarget
          ? mockAtTarget.medianMs !== null
            ? `first 200 after ${formatDuration(mockAtTarget.medianMs)}`
            : mockAtTarget.failure
          : 'size not run',
      ),
    ],
  };
}

/**
 * Median time of the completed runs (null with the failure when one did not complete) and the largest peak.
 * @param {number} size
 * @param {StepRun[]} stepRuns
 * @returns {StepAtSize}
 */
export function summarizeStep(size, stepRuns) {
  const failed = stepRuns.find((run) => run.wallMs === null);
  const peaks = stepRuns.map((run) => run.peakRssBytes).filter((peak) => peak !== null);
  return {
    size,
    runs: stepRuns,
    medianMs: failed ? null : median(stepRuns.map((run) => run.wallMs)),
    peakBytes: peaks.length > 0 ? Math.max(...peaks) : null,
    failure: failed?.failure,
  };
}

/** Growth between each pair of consecutive sizes, or null where either figure is missing. */
function growthSteps(atSizes, field) {
  return atSizes.slice(1).map((to, index) => {
    const from = atSizes[index];
    if (!(from[field] > 0 && to[field] > 0)) return null;
    return growthBetween({ size: from.size, cost: from[field] }, { size: to.size, cost: to[field] });
  });
}

/**
 * A growth figure for a table cell: "x4.2 per 10x (b 0.62)", flagged when worse than linear.
 * @param {{ exponent: number, perTenfold: number, superlinear: boolean } | null} growth
 * @returns {string}
 */
export function describeGrowth(growth) {
  if (!growth) return 'not measured';
  const figure = `${formatRatio(growth.perTenfold)} per 10x (b ${growth.exponent.toFixed(2)})`;
  return growth.superlinear ? `**${figure}, worse than linear**` : figure;
}

/** What the figures mean for users: the mock's start-up and the type generation at the largest sizes. */
function advice(results, sizes, startTimeout) {
  const lines = ['**What to expect**', ''];
  const mock = results.get('mock');
  const started = mock.filter((at) => at.medianMs !== null);
  const failed = mock.filter((at) => at.medianMs === null);
  for (const at of started) {
    const note =
      startTimeout && at.medianMs > startTimeout
        ? ` (more than startMock()'s default \`startTimeoutMs\` of ${startTimeout / 1000} s: pass a larger one)`
        : '';
    lines.push(
      `- The mock answered its first 200 on ${formatCount(at.size)} operations after ${formatDuration(at.medianMs)}, ` +
        `peak ${at.peakBytes === null ? 'memory not measured' : formatBytes(at.peakBytes)}${note}.`,
    );
  }
  for (const at of failed) {
    lines.push(
      `- The mock on ${formatCount(at.size)} operations: ${at.failure}. The mock reads the whole document before it ` +
        'answers; for a spec this large, mock a subset (a spec of the operations a test uses).',
    );
  }
  const types = results.get('types').find((at) => at.size === sizes.at(-1));
  if (types?.medianMs !== null && types?.medianMs !== undefined) {
    lines.push(
      `- Type generation of ${formatCount(types.size)} operations took ${formatDuration(types.medianMs)} ` +
        `(peak ${types.peakBytes === null ? 'not measured' : formatBytes(types.peakBytes)}); turbo caches it, ` +
        'so it is paid when the spec changes, not on every build.',
    );
  }
  return lines;
}

/** startMock()'s default start timeout, as the mock package exports it (undefined if it does not load). */
async function mockStartTimeout() {
  try {
    return (await import('@payments-connect/mock')).DEFAULT_START_TIMEOUT_MS;
  } catch {
    return undefined;
  }
}
