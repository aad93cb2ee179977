import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { requireAllOk } from '../load/load-result.js';
import { growthBetween, SUPERLINEAR_EXPONENT } from '../measure/growth.js';
import { median } from '../measure/statistics.js';
import { markdownTable } from '../report/markdown-table.js';
import { checkAtMost, checkObserved } from '../report/targets.js';
import { formatBytes, formatCount, formatDuration, formatRatio, formatRuns, formatShare } from '../report/units.js';
import { writeScaleSpec } from '../scale/generate-spec.js';
import { BUNDLED, middleRead, requestPath, SCALE_STEPS } from '../scale/scale-steps.js';
import { startSubject } from '../servers/start-subject.js';

/** The targets for scale. */
const TYPES_TARGET = { operations: 5000, ms: 10_000 };
const MOCK_TARGET_OPERATIONS = 1000;
/** Connections of the mock's throughput on each generated spec, as in the servers section's targets. */
const CONNECTIONS = 16;

/**
 * @typedef {import('../scale/scale-steps.js').StepRun} StepRun
 * @typedef {{ size: number, runs: StepRun[], medianMs: number | null, peakBytes: number | null, failure?: string }}
 *   StepAtSize
 */

/**
 * @typedef {{ size: number, requestsPerSecond: number | null, p99Ms: number | null, failure?: string }} Throughput
 */

/**
 * Section: specs shaped like ours with 100, 1,000 and 5,000 operations, generated into a temporary directory; lint,
 * bundle, type generation, a consumer's type-check, the mock's start and the contract model's load measured on each
 * (time and peak memory); the mock's requests per second on each beside a bare node:http server; and how each cost
 * grows per 10x operations.
 * @param {import('../bench-context.js').BenchContext} context
 * @returns {Promise<import('../report/render-report.js').SectionResult>}
 */
export async function benchScale({ runs, tempDir, log, loadGenerator }) {
  const sizes = Object.keys(runs.scale)
    .map(Number)
    .sort((a, b) => a - b);
  /** @type {Map<string, StepAtSize[]>} */
  const results = new Map(SCALE_STEPS.map((step) => [step.id, []]));
  const at = (/** @type {string} */ id) => results.get(id) ?? [];
  /** @type {Array<{ size: number, files: number, ms: number }>} */
  const generated = [];
  /** @type {Throughput[]} */
  const throughput = [];
  const bare = await bareThroughput({ runs, log, loadGenerator });

  for (const size of sizes) {
    const dir = join(tempDir, `scale-${size}`);
    const started = performance.now();
    const spec = await writeScaleSpec(dir, size);
    generated.push({ size, files: spec.fileCount, ms: performance.now() - started });
    /** @type {Map<string, StepRun[]>} */
    const stepRuns = new Map(SCALE_STEPS.map((step) => [step.id, []]));
    for (let run = 0; run < runs.scale[size]; run += 1) {
      for (const step of SCALE_STEPS) {
        const prerequisite = step.needs && stepRuns.get(step.needs)?.at(-1);
        if (prerequisite && prerequisite.wallMs === null) {
          stepRuns
            .get(step.id)
            ?.push({ wallMs: null, peakRssBytes: null, failure: `not measured: ${step.needs} failed` });
          continue;
        }
        log(`scale: ${formatCount(size)} operations, ${step.label}, run ${run + 1}/${runs.scale[size]}`);
        stepRuns
          .get(step.id)
          ?.push(await step.run({ dir, operations: spec.operations, timeoutMs: runs.scaleTimeoutMs }));
      }
    }
    for (const step of SCALE_STEPS) at(step.id).push(summarizeStep(size, stepRuns.get(step.id) ?? []));
    const bundled = (stepRuns.get('bundle') ?? []).every((run) => run.wallMs !== null);
    throughput.push(
      bundled
        ? await mockThroughput({ size, dir, operations: spec.operations, runs, log, loadGenerator })
        : { size, requestsPerSecond: null, p99Ms: null, failure: 'not measured: bundle failed' },
    );
    rmSync(dir, { recursive: true, force: true });
  }

  const growth = SCALE_STEPS.map((step) => ({
    step,
    time: growthSteps(at(step.id), 'medianMs'),
    memory: growthSteps(at(step.id), 'peakBytes'),
  }));
  const sizeHeaders = sizes.map((size) => `${formatCount(size)} ops (${formatRuns(runs.scale[size])})`);
  const timeRows = SCALE_STEPS.map((step) => [
    step.label,
    step.tool,
    ...at(step.id).map((size) => (size.medianMs === null ? size.failure : formatDuration(size.medianMs))),
  ]);
  const memoryRows = SCALE_STEPS.map((step) => [
    step.label,
    ...at(step.id).map((size) => (size.peakBytes === null ? 'not measured' : formatBytes(size.peakBytes))),
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
    ...serversAtScale({ sizes, results, throughput, bare, loadGenerator }),
    '',
    ...advice(results, sizes),
  ].join('\n');

  const typesAtTarget = at('types').find((step) => step.size === TYPES_TARGET.operations);
  const mockAtTarget = at('mock').find((step) => step.size === MOCK_TARGET_OPERATIONS);
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
          ? (typesAtTarget.failure ?? 'no figure')
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
            : (mockAtTarget.failure ?? 'no figure')
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
  const peaks = /** @type {number[]} */ (stepRuns.map((run) => run.peakRssBytes).filter((peak) => peak !== null));
  return {
    size,
    runs: stepRuns,
    medianMs: failed ? null : median(stepRuns.map((run) => /** @type {number} */ (run.wallMs))),
    peakBytes: peaks.length > 0 ? Math.max(...peaks) : null,
    failure: failed?.failure,
  };
}

/**
 * Growth between each pair of consecutive sizes, or null where either figure is missing.
 * @param {StepAtSize[]} atSizes
 * @param {'medianMs' | 'peakBytes'} field
 */
function growthSteps(atSizes, field) {
  return atSizes.slice(1).map((to, index) => {
    const [from, cost] = [/** @type {StepAtSize} */ (atSizes[index]), to[field]];
    const fromCost = from[field];
    if (!(fromCost && cost && fromCost > 0 && cost > 0)) return null;
    return growthBetween({ size: from.size, cost: fromCost }, { size: to.size, cost });
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

/**
 * What the figures mean for users: the mock's start-up and the type generation at the largest sizes.
 * @param {Map<string, StepAtSize[]>} results
 * @param {number[]} sizes
 */
function advice(results, sizes) {
  const lines = ['**What to expect**', ''];
  const mock = results.get('mock') ?? [];
  const started = mock.filter((at) => at.medianMs !== null);
  const failed = mock.filter((at) => at.medianMs === null);
  for (const at of started) {
    lines.push(
      `- The mock answered its first 200 on ${formatCount(at.size)} operations after ` +
        `${formatDuration(/** @type {number} */ (at.medianMs))}, ` +
        `peak ${at.peakBytes === null ? 'memory not measured' : formatBytes(at.peakBytes)}.`,
    );
  }
  for (const at of failed) {
    lines.push(
      `- The mock on ${formatCount(at.size)} operations: ${at.failure}. The mock reads the whole document before it ` +
        'answers; for a spec this large, mock a subset (a spec of the operations a test uses).',
    );
  }
  const types = (results.get('types') ?? []).find((at) => at.size === sizes.at(-1));
  if (types?.medianMs !== null && types?.medianMs !== undefined) {
    lines.push(
      `- Type generation of ${formatCount(types.size)} operations took ${formatDuration(types.medianMs)} ` +
        `(peak ${types.peakBytes === null ? 'not measured' : formatBytes(types.peakBytes)}); turbo caches it, ` +
        'so it is paid when the spec changes, not on every build.',
    );
  }
  return lines;
}

/**
 * The bare node:http server's requests per second, the floor of the mock's figures on the generated specs.
 * @param {Pick<import('../bench-context.js').BenchContext, 'runs' | 'log' | 'loadGenerator'>} context
 * @returns {Promise<Throughput>}
 */
async function bareThroughput({ runs, log, loadGenerator }) {
  log('scale: bare node:http server');
  return loadSubject(await startSubject('bare'), 0, { runs, loadGenerator });
}

/**
 * The mock's requests per second on a generated spec: the read nearest the middle of its operations.
 * @param {{ size: number, dir: string, operations: import('../scale/resource-files.js').GeneratedOperation[] }
 *   & Pick<import('../bench-context.js').BenchContext, 'runs' | 'log' | 'loadGenerator'>} options
 * @returns {Promise<Throughput>}
 */
async function mockThroughput({ size, dir, operations, runs, log, loadGenerator }) {
  log(`scale: ${formatCount(size)} operations, mock throughput`);
  try {
    const subject = await startSubject('mock', { spec: join(dir, BUNDLED), path: requestPath(middleRead(operations)) });
    return await loadSubject(subject, size, { runs, loadGenerator });
  } catch (error) {
    return {
      size,
      requestsPerSecond: null,
      p99Ms: null,
      failure: error instanceof Error ? error.message : String(error),
    };
  }
}

/**
 * Warms a server up, loads it for the run's rounds, stops it; the median of the rounds.
 * @param {import('../servers/start-subject.js').Subject} subject
 * @param {number} size
 * @param {Pick<import('../bench-context.js').BenchContext, 'runs' | 'loadGenerator'>} context
 * @returns {Promise<Throughput>}
 */
async function loadSubject(subject, size, { runs, loadGenerator }) {
  try {
    await loadGenerator.run(subject.target, { connections: CONNECTIONS, seconds: runs.warmupSeconds });
    const results = [];
    for (let round = 0; round < runs.loadRounds; round += 1) {
      const result = await loadGenerator.run(subject.target, { connections: CONNECTIONS, seconds: runs.loadSeconds });
      results.push(requireAllOk(result, `${subject.kind} on ${formatCount(size)} operations`));
    }
    return {
      size,
      requestsPerSecond: median(results.map((result) => result.requestsPerSecond)),
      p99Ms: median(results.map((result) => result.p99Ms)),
    };
  } finally {
    await subject.stop();
  }
}

/**
 * The table of the servers on the generated specs, and each figure's growth per step.
 * @param {{ sizes: number[], results: Map<string, StepAtSize[]>, throughput: Throughput[], bare: Throughput,
 *   loadGenerator: import('../load/load-generator.js').LoadGenerator }} figures
 * @returns {string[]}
 */
function serversAtScale({ sizes, results, throughput, bare, loadGenerator }) {
  const mockStart = results.get('mock') ?? [];
  const model = results.get('model') ?? [];
  const judged = (/** @type {StepAtSize | undefined} */ at) => {
    const rates = (at?.runs ?? []).map((run) => run.judgedPerSecond).filter((rate) => rate !== undefined);
    return rates.length > 0 ? median(/** @type {number[]} */ (rates)) : null;
  };
  const cell = (/** @type {number | null | undefined} */ value, /** @type {(v: number) => string} */ format) =>
    value === null || value === undefined ? 'not measured' : format(value);
  const rows = sizes.map((size, index) => {
    const served = throughput[index];
    const share =
      served?.requestsPerSecond && bare.requestsPerSecond ? served.requestsPerSecond / bare.requestsPerSecond : null;
    return [
      formatCount(size),
      cell(mockStart[index]?.medianMs, formatDuration),
      served?.requestsPerSecond
        ? `${formatCount(served.requestsPerSecond)} req/s`
        : (served?.failure ?? 'not measured'),
      cell(share, formatShare),
      cell(model[index]?.medianMs, formatDuration),
      cell(judged(model[index]), (rate) => `${formatCount(rate)}/s`),
    ];
  });
  /** @param {(index: number) => number | null | undefined} value */
  const growthRow = (value) =>
    sizes.slice(1).map((size, index) => {
      const [from, to] = [value(index), value(index + 1)];
      return from && to ? describeGrowth(growthBetween({ size: sizes[index], cost: from }, { size, cost: to })) : '';
    });
  const intervals = sizes.slice(1).map((size, index) => `${formatCount(sizes[index])} to ${formatCount(size)}`);
  // A rate that falls is a cost per request that grows: growth is reported on the time per request.
  const perRequest = (/** @type {number | null | undefined} */ rate) => (rate ? 1 / rate : null);
  const growthRows = [
    ['Mock start to first 200', ...growthRow((index) => mockStart[index]?.medianMs)],
    ['Mock time per request', ...growthRow((index) => perRequest(throughput[index]?.requestsPerSecond))],
    ['Contract model load', ...growthRow((index) => model[index]?.medianMs)],
    ['Time to judge a request', ...growthRow((index) => perRequest(judged(model[index])))],
  ];
  return [
    '**Servers on the generated specs**',
    '',
    `The mock serves each generated spec (\`startMock({ spec })\`) in a process of its own, loaded by`,
    `${loadGenerator.label} with ${CONNECTIONS} connections on the read nearest the middle of the spec's operations,`,
    'beside a bare node:http server loaded the same way in this section',
    `(${cell(bare.requestsPerSecond, formatCount)} req/s).`,
    'The emulator serves only the operations it implements and refuses a spec with others, so on a generated spec what',
    'is measured is the part of its work that grows with the spec: loading the contract model (`createContract`, in a',
    'fresh process) and judging a request on it (the operation matched, the bearer token and parameters checked).',
    '',
    markdownTable(
      [
        'Operations',
        'Mock start to first 200',
        `Mock, ${CONNECTIONS} connections`,
        'vs bare',
        'Contract model load',
        'Requests judged by the model',
      ],
      rows,
      { align: ['r', 'r', 'r', 'r', 'r', 'r'] },
    ),
    '',
    markdownTable(['Growth per 10x operations', ...intervals], growthRows, {
      align: ['l', ...intervals.map(() => 'r')],
    }),
  ];
}
