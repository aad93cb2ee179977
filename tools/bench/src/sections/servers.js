import { requireAllOk } from '../load/load-result.js';
import { median } from '../measure/statistics.js';
import { markdownTable } from '../report/markdown-table.js';
import { checkAtLeast, checkAtMost } from '../report/targets.js';
import { formatCount, formatDuration, formatRatio, formatRuns, formatShare } from '../report/units.js';
import { startSubject } from '../servers/start-subject.js';

/** The connection counts of the issue: one client, a busy test suite, many clients. */
export const CONNECTION_COUNTS = [1, 16, 64];
/** The servers measured, the bare one first: every figure is set against it. */
const SUBJECTS = /** @type {const} */ (['bare', 'mock', 'emulator']);
const LABELS = { bare: 'bare node:http', mock: 'mock', emulator: 'emulator' };
/** The targets of issue 18, at 16 connections. */
const TARGETS = { connections: 16, mockShare: 0.1, mockP99Ratio: 3, emulatorShare: 0.5 };

/**
 * @typedef {object} ServerFigures median over the rounds of one server at one connection count
 * @property {number} requestsPerSecond
 * @property {number} p50Ms
 * @property {number} p99Ms
 */

/**
 * Section: requests per second and latency of the mock and the emulator at 1, 16 and 64 connections, each beside a
 * bare node:http server measured in the same rounds, as a ratio. Each server runs in a process of its own; the load
 * comes from another (the run's load generator). Rounds alternate the servers, so that a busy moment of the machine
 * falls on all of them rather than on one.
 * @param {import('../bench-context.js').BenchContext} context
 * @returns {Promise<import('../report/render-report.js').SectionResult>}
 */
export async function benchServers({ runs, log, loadGenerator }) {
  const section = { id: 'servers', title: 'Servers: throughput and latency' };
  /** @type {Map<string, import('../servers/start-subject.js').Subject>} */
  const subjects = new Map();
  /** @type {Map<string, ServerFigures>} by `${kind} ${connections}` */
  const figures = new Map();
  try {
    for (const kind of SUBJECTS) subjects.set(kind, await startSubject(kind));
    for (const subject of subjects.values()) {
      log(`servers: warming ${subject.kind} up`);
      await loadGenerator.run(subject.target, { connections: TARGETS.connections, seconds: runs.warmupSeconds });
    }
    for (const connections of CONNECTION_COUNTS) {
      /** @type {Map<string, import('../load/load-result.js').LoadResult[]>} */
      const results = new Map(SUBJECTS.map((kind) => [kind, []]));
      for (let round = 0; round < runs.loadRounds; round += 1) {
        for (const subject of subjects.values()) {
          log(`servers: ${subject.kind}, ${connections} connections, round ${round + 1}/${runs.loadRounds}`);
          const plan = { connections, seconds: runs.loadSeconds };
          const result = await loadGenerator.run(subject.target, plan);
          results.get(subject.kind)?.push(requireAllOk(result, `${subject.kind} at ${connections} connections`));
        }
      }
      for (const [kind, list] of results) figures.set(`${kind} ${connections}`, summarizeLoad(list));
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ...section, markdown: `Not measured: ${reason}`, targets: serverTargets(new Map(), reason) };
  } finally {
    await Promise.all([...subjects.values()].map((subject) => subject.stop()));
  }

  const rows = CONNECTION_COUNTS.flatMap((connections) => {
    const bare = /** @type {ServerFigures} */ (figures.get(`bare ${connections}`));
    return SUBJECTS.map((kind) => {
      const own = /** @type {ServerFigures} */ (figures.get(`${kind} ${connections}`));
      const versus = kind === 'bare';
      return [
        String(connections),
        LABELS[kind],
        `${formatCount(own.requestsPerSecond)} req/s`,
        versus ? '(the floor)' : formatShare(own.requestsPerSecond / bare.requestsPerSecond),
        formatDuration(own.p50Ms),
        versus ? '' : formatRatio(own.p50Ms / bare.p50Ms),
        formatDuration(own.p99Ms),
        versus ? '' : formatRatio(own.p99Ms / bare.p99Ms),
      ];
    });
  });
  const markdown = [
    `Each server in a process of its own, loaded by ${loadGenerator.label} from another process with N connections,`,
    'each sending its next request as soon as its answer is in: `GET /v1/rfi/{rfiId}` with a bearer token and',
    "`AccountId`, answered 200 (the mock: the spec's named example; the emulator: its seeded open case, with a token",
    "it issued and every answer checked against the contract). The bare node:http server answers the same example's",
    'bytes with no routing and no checks: the floor.',
    `Medians of ${formatRuns(runs.loadRounds)} of ${runs.loadSeconds} s per server and connection count, the servers`,
    'taking turns, after a warm-up of each. "vs bare": requests per second as a share of the bare server\'s; latency',
    'as a multiple of its latency.',
    '',
    markdownTable(
      ['Connections', 'Server', 'Requests per second', 'vs bare', 'p50', 'vs bare', 'p99', 'vs bare'],
      rows,
      { align: ['r', 'l', 'r', 'r', 'r', 'r', 'r', 'r'] },
    ),
  ].join('\n');
  return { ...section, markdown, targets: serverTargets(figures) };
}

/**
 * @param {import('../load/load-result.js').LoadResult[]} results
 * @returns {ServerFigures}
 */
function summarizeLoad(results) {
  return {
    requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
    p50Ms: median(results.map((r) => r.p50Ms)),
    p99Ms: median(results.map((r) => r.p99Ms)),
  };
}

/**
 * @param {Map<string, ServerFigures>} figures
 * @param {string} [missing]
 */
function serverTargets(figures, missing) {
  const at = (/** @type {string} */ kind) => figures.get(`${kind} ${TARGETS.connections}`);
  const [bare, mock, emulator] = [at('bare'), at('mock'), at('emulator')];
  const share = (/** @type {ServerFigures | undefined} */ own) =>
    own && bare ? own.requestsPerSecond / bare.requestsPerSecond : undefined;
  return [
    checkAtLeast({
      target: `Mock >= ${TARGETS.mockShare * 100} % of the bare server's req/s at ${TARGETS.connections} connections`,
      value: share(mock),
      limit: TARGETS.mockShare,
      format: formatShare,
      missing,
    }),
    checkAtMost({
      target: `Mock p99 <= ${TARGETS.mockP99Ratio}x the bare server's at ${TARGETS.connections} connections`,
      value: mock && bare ? mock.p99Ms / bare.p99Ms : undefined,
      limit: TARGETS.mockP99Ratio,
      format: formatRatio,
      missing,
    }),
    checkAtLeast({
      target:
        `Emulator >= ${TARGETS.emulatorShare * 100} % of the bare server's req/s ` +
        `at ${TARGETS.connections} connections`,
      value: share(emulator),
      limit: TARGETS.emulatorShare,
      format: formatShare,
      missing,
    }),
  ];
}
