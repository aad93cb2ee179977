import { canPinToCores, pinToCore } from '../load/pin-to-core.js';
import { requireAllOk, runWrk, wrkVersion } from '../load/wrk.js';
import { processCpuMs } from '../measure/process-cpu.js';
import { median } from '../measure/statistics.js';
import { markdownTable } from '../report/markdown-table.js';
import { checkAtLeast, checkAtMost } from '../report/targets.js';
import { formatCount, formatDuration, formatRatio, formatShare } from '../report/units.js';
import { notMeasured } from '../section-result.js';
import { startBin } from '../servers/start-bin.js';
import { startSubject } from '../servers/start-subject.js';

/** The connection counts of the issue: one client, a busy test suite, many clients. */
const CONNECTION_COUNTS = [1, 16, 64];
/** The servers measured, the bare one first: every figure is set against it. */
const SUBJECTS = /** @type {const} */ (['bare', 'mock', 'emulator']);
const LABELS = { bare: 'bare node:http', mock: 'mock', emulator: 'emulator' };
/** The targets of issue 24 at 16 connections: far ahead of Prism's mock, which makes about 3 % of the bare rate. */
const TARGETS = { connections: 16, mockShare: 0.5, mockP99Ratio: 3, emulatorShare: 0.25 };

/** Where the servers run, and the load, when the machine lets the bench keep them apart (`pin-to-core.js`). */
const CORES = { servers: 0, load: 1 };

/**
 * @typedef {{ requestsPerSecond: number, p50Ms: number, p99Ms: number, cpuMs: number }} ServerFigures medians over the
 *   rounds; `cpuMs`: the server process's CPU a request (NaN where `/proc` cannot tell)
 */
const FIGURES = /** @type {const} */ (['requestsPerSecond', 'p50Ms', 'p99Ms', 'cpuMs']);

/**
 * Section: requests per second and latency of the mock and the emulator at 1, 16 and 64 connections, each beside a
 * bare node:http server measured in the same rounds. The mock and the emulator run as their users run them, their
 * bins, each in a process of its own; the bare server in one too. The servers share one core and wrk (one thread) has
 * the other, when the machine has two; the servers take turns round after round, so that a busy moment of the machine
 * falls on all of them.
 * @type {import('../section-result.js').Section}
 */
export async function benchServers({ runs, tempDir, log }) {
  const section = { id: 'servers', title: 'Servers: throughput and latency' };
  const wrk = wrkVersion();
  if (!wrk) return notMeasured(section, 'wrk is not on the PATH (Debian: `apt-get install wrk`)', targets);
  const pinned = canPinToCores();
  const core = pinned ? CORES.load : undefined;
  /** @type {import('../servers/start-subject.js').Subject[]} */
  const subjects = [];
  /** @type {Map<string, ServerFigures>} by `${kind} ${connections}` */
  const figures = new Map();
  try {
    const bare = await startSubject('bare');
    subjects.push(bare);
    if (pinned) pinToCore(bare.pid, CORES.servers);
    for (const kind of /** @type {const} */ (['mock', 'emulator']))
      subjects.push(await startBin(kind, { tempDir, core: pinned ? CORES.servers : undefined }));
    for (const { kind, target } of subjects) {
      log(`servers: warming ${kind} up`);
      await runWrk(target, { connections: TARGETS.connections, seconds: runs.warmupSeconds, core });
    }
    for (const connections of CONNECTION_COUNTS) {
      /** @type {Map<string, Array<import('../load/wrk.js').LoadResult & { cpuMs: number }>>} */
      const results = new Map(SUBJECTS.map((kind) => [kind, []]));
      for (let round = 0; round < runs.loadRounds; round += 1) {
        for (const { kind, target, pid } of subjects) {
          log(`servers: ${kind}, ${connections} connections, round ${round + 1}/${runs.loadRounds}`);
          const before = processCpuMs(pid);
          const result = await runWrk(target, { connections, seconds: runs.loadSeconds, core });
          const after = processCpuMs(pid);
          requireAllOk(result, `${kind} at ${connections} connections`);
          const cpuMs = before === undefined || after === undefined ? Number.NaN : (after - before) / result.ok;
          results.get(kind)?.push({ ...result, cpuMs });
        }
      }
      for (const [kind, list] of results) {
        const medians = FIGURES.map((figure) => [figure, median(list.map((result) => result[figure]))]);
        figures.set(`${kind} ${connections}`, /** @type {ServerFigures} */ (Object.fromEntries(medians)));
      }
    }
  } catch (error) {
    return notMeasured(section, error, targets);
  } finally {
    await Promise.all(subjects.map((subject) => subject.stop()));
  }
  const rows = CONNECTION_COUNTS.flatMap((connections) =>
    SUBJECTS.map((kind) => {
      const [own, bare] = [kind, 'bare'].map(
        (each) => /** @type {ServerFigures} */ (figures.get(`${each} ${connections}`)),
      );
      const floor = kind === 'bare';
      const ratio = (/** @type {'p50Ms' | 'p99Ms'} */ figure) => (floor ? '' : formatRatio(own[figure] / bare[figure]));
      const share = floor ? '(the floor)' : formatShare(own.requestsPerSecond / bare.requestsPerSecond);
      const latency = (/** @type {'p50Ms' | 'p99Ms'} */ figure) => [formatDuration(own[figure]), ratio(figure)];
      return [
        String(connections),
        LABELS[kind],
        `${formatCount(own.requestsPerSecond)} req/s`,
        share,
        Number.isNaN(own.cpuMs) ? '(not read)' : formatDuration(own.cpuMs),
        ...latency('p50Ms'),
        ...latency('p99Ms'),
      ];
    }),
  );
  const placement = pinned
    ? `The servers run on core ${CORES.servers}, wrk (one thread) on core ${CORES.load} (\`taskset\`).`
    : 'The servers and wrk (one thread) run where the OS puts them (no `taskset`, or one core only).';
  const markdown = [
    'The mock and the emulator as their users run them: `payments-connect-mock --port 0` and',
    '`payments-connect-emulator --port 0`, each in a process of its own, loaded by wrk',
    `${wrk} from another process with N connections, each sending its next request as soon as its answer is in:`,
    "`GET /v1/rfi/{rfiId}` with a bearer token and `AccountId`, answered 200 (the mock: the spec's named example; the",
    'emulator: its seeded open case, with a token it issued), every answer checked against the contract and every',
    'request journaled, as both servers do by default (the journal keeps the last 10,000). The bare node:http server',
    "answers the same example's bytes with no routing and no checks: the floor.",
    placement,
    `Medians of ${runs.loadRounds} runs of ${runs.loadSeconds} s per server and connection count, the servers taking`,
    'turns, after a warm-up of each. "vs bare": requests per second as a share of the bare server\'s; latency as a',
    "multiple of its latency. CPU a request: the user and system time of the server's process over the run (from",
    "`/proc`), divided by its answers; unlike the rate, it hardly moves when other work shares the servers' core.",
    '',
    markdownTable(
      ['Connections', 'Server', 'Requests per second', 'vs bare', 'CPU a request', 'p50', 'vs bare', 'p99', 'vs bare'],
      rows,
      {
        align: ['r', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
      },
    ),
  ].join('\n');
  return { ...section, markdown, targets: targets(undefined, figures) };
}

/**
 * @param {string} [missing] why there are no figures
 * @param {Map<string, ServerFigures>} [figures]
 */
function targets(missing, figures = new Map()) {
  const { connections, mockShare, mockP99Ratio, emulatorShare } = TARGETS;
  const [bare, mock, emulator] = SUBJECTS.map((kind) => figures.get(`${kind} ${connections}`));
  const rate = (/** @type {ServerFigures | undefined} */ own) =>
    own && bare && own.requestsPerSecond / bare.requestsPerSecond;
  const share = { format: formatShare, missing };
  const ofBare = `of the bare server's req/s at ${connections} connections`;
  return [
    checkAtLeast({ ...share, target: `Mock >= ${mockShare * 100} % ${ofBare}`, value: rate(mock), limit: mockShare }),
    checkAtMost({
      target: `Mock p99 <= ${mockP99Ratio}x the bare server's at ${connections} connections`,
      value: mock && bare && mock.p99Ms / bare.p99Ms,
      limit: mockP99Ratio,
      format: formatRatio,
      missing,
    }),
    checkAtLeast({
      ...share,
      target: `Emulator >= ${emulatorShare * 100} % ${ofBare}`,
      value: rate(emulator),
      limit: emulatorShare,
    }),
  ];
}
