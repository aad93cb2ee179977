import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { canPinToCores, pinToCore } from '../load/pin-to-core.js';
import { requireAllOk, runWrk, wrkVersion } from '../load/wrk.js';
import { processCpuMs } from '../measure/process-cpu.js';
import { median, middleHalf } from '../measure/statistics.js';
import { markdownTable } from '../report/markdown-table.js';
import { checkAtLeast, checkAtMost } from '../report/targets.js';
import { formatCount, formatDuration, formatRatio, formatShare } from '../report/units.js';
import { notMeasured } from '../section-result.js';
import { startBin } from '../servers/start-bin.js';
import { startSubject } from '../servers/start-subject.js';
import { WORKSPACE_DIRS } from '../workspace.js';

const require = createRequire(import.meta.url);
/** Prism takes some seconds to read the spec before it listens. */
const PRISM_START_TIMEOUT_MS = 60_000;
/** The routes to the emulator, the direct one first: every figure of the table is set against it. */
const ROUTES = /** @type {const} */ (['direct', 'bare', 'proxy', 'prism']);
/**
 * The paired rounds: the validating proxy and the control, a second process of the minimal plain proxy, each set
 * against the plain proxy round by round. The control's ratios are what the method reads where there is no difference
 * at all: its noise floor, printed beside the figures held to the targets.
 */
const PAIRED = /** @type {const} */ (['bare', 'proxy', 'control']);
/**
 * The targets of issue 34: the proxy costs a hop, not a second server. Its p50 at one connection against the direct
 * call's, its requests per second at 16 connections as a share of the direct call's (Prism's proxy: 12x and ~5 %).
 * And of issue 40: the checks cost little beside the hop itself, which the minimal plain proxy measures (no checks, no
 * journal, no timers): the validating proxy at least 90 % of its requests per second at 16 connections, its p50 at one
 * connection at most 1.1x, in the same rounds.
 */
const TARGETS = { p50Ratio: 2, connections: 16, share: 0.4, plainP50Ratio: 1.1, plainShare: 0.9 };
/** Where the servers run, and the load, when the machine lets the bench keep them apart (`pin-to-core.js`). */
const CORES = { servers: 0, load: 1 };

/**
 * @typedef {{ p50Ms: number, requestsPerSecond: number, cpuMs: number, ownCpuMs: number }} RouteFigures medians over
 *   the rounds; at 16 connections, the CPU a request of the route's servers together (`cpuMs`) and of its first
 *   process alone (`ownCpuMs`: the proxy, or the emulator called directly); NaN where `/proc` cannot tell
 * @typedef {{ median: number, low: number, high: number }} RatioSummary the median of the rounds' ratios, and their
 *   middle half
 * @typedef {{ p50Ratio: RatioSummary, share: RatioSummary, cpuRatio: RatioSummary }} PairFigures a route
 *   beside the minimal plain proxy in the paired rounds: its p50 at 1 connection to the plain one's, its requests per
 *   second at 16 to the plain one's, and at 16 its servers' CPU a request to the plain route's (NaN where
 *   `/proc` cannot tell): on one core, the rate follows from the CPU, so the two columns check each other
 * @typedef {{ result: import('../load/wrk.js').LoadResult, cpuMs: number[] }} Turn one run of the load on one route,
 *   with the CPU a request of each of its processes (NaN where unread)
 */

/**
 * Section: what the mock's validating proxy adds to an exchange with the emulator behind it, beside Prism's proxy on
 * the same exchange: `GET /v1/rfi/{rfiId}` (with a token the emulator issued) called directly, through a plain Node
 * proxy (no checks: what the hop costs), through `payments-connect-mock --proxy`, and through `prism proxy`; the p50
 * at one connection and the requests per second at 16, the routes taking turns round after round. Then the paired
 * rounds held to issue 40's targets: many short rounds of the plain proxy, the validating one and a control. The
 * servers share one core and wrk has the other, as the targets were set.
 * @type {import('../section-result.js').Section}
 */
export async function benchProxy({ runs, tempDir, log }) {
  const section = { id: 'proxy', title: 'Validating proxy: overhead over calling the emulator directly' };
  const wrk = wrkVersion();
  if (!wrk) return notMeasured(section, 'wrk is not on the PATH (Debian: `apt-get install wrk`)', targets);
  const pinned = canPinToCores();
  const core = pinned ? CORES.load : undefined;
  /** @type {Array<{ pid: number | undefined, stop: () => Promise<void> }>} */
  const started = [];
  /** @type {Map<string, RouteFigures>} */
  const figures = new Map();
  /** @type {Map<string, PairFigures>} */
  const paired = new Map();
  try {
    const servers = pinned ? CORES.servers : undefined;
    const emulator = await startBin('emulator', { tempDir, core: servers });
    started.push(emulator);
    const { headers } = emulator.target;
    const path = new URL(emulator.target.url).pathname;
    const args = ['--proxy', emulator.baseUrl];
    const proxy = await startBin('mock', { tempDir, core: servers, args, request: { path, headers } });
    started.push(proxy);
    const [bare, control] = await Promise.all(
      [0, 1].map(() => startSubject('bare-proxy', { path, headers, upstream: emulator.baseUrl })),
    );
    started.push(bare, control);
    const prism = await startPrismProxy(emulator.baseUrl);
    started.push(prism);
    if (pinned) for (const { pid } of [bare, control, prism]) pinToCore(pid, CORES.servers);
    /** Each route's request, and the processes it takes: the proxy first, then the emulator behind it. */
    const routes = new Map([
      ['direct', { target: emulator.target, pids: [emulator.pid] }],
      ['bare', { target: bare.target, pids: [bare.pid, emulator.pid] }],
      ['proxy', { target: proxy.target, pids: [proxy.pid, emulator.pid] }],
      ['prism', { target: { url: `${prism.url}${path}`, headers }, pids: [prism.pid, emulator.pid] }],
      ['control', { target: control.target, pids: [control.pid, emulator.pid] }],
    ]);
    for (const [route, { target }] of routes) {
      log(`proxy: warming ${route} up`);
      await runWrk(target, { connections: TARGETS.connections, seconds: runs.warmupSeconds, core });
    }
    const load = { core, log };
    const table = { routes: pick(routes, ROUTES), rounds: runs.loadRounds, seconds: runs.loadSeconds, ...load };
    const [single, many] = [
      await takeTurns({ ...table, connections: 1 }),
      await takeTurns({ ...table, connections: TARGETS.connections }),
    ];
    for (const route of ROUTES) {
      const [one, sixteen] = [single.get(route) ?? [], many.get(route) ?? []];
      figures.set(route, {
        p50Ms: median(one.map((turn) => turn.result.p50Ms)),
        requestsPerSecond: median(sixteen.map((turn) => turn.result.requestsPerSecond)),
        cpuMs: median(sixteen.map(routeCpuMs)),
        ownCpuMs: median(sixteen.map((turn) => turn.cpuMs[0])),
      });
    }
    const pairs = { routes: pick(routes, PAIRED), rounds: runs.pairRounds, seconds: runs.pairSeconds, ...load };
    const [pairedSingle, pairedMany] = [
      await takeTurns({ ...pairs, connections: 1 }),
      await takeTurns({ ...pairs, connections: TARGETS.connections }),
    ];
    const plain = { single: pairedSingle.get('bare') ?? [], many: pairedMany.get('bare') ?? [] };
    for (const route of ['proxy', 'control']) {
      paired.set(route, {
        p50Ratio: ratios(pairedSingle.get(route) ?? [], plain.single, (turn) => turn.result.p50Ms),
        share: ratios(pairedMany.get(route) ?? [], plain.many, (turn) => turn.result.requestsPerSecond),
        cpuRatio: ratios(pairedMany.get(route) ?? [], plain.many, routeCpuMs),
      });
    }
  } catch (error) {
    return notMeasured(section, error, targets);
  } finally {
    await Promise.all(started.map((subject) => subject.stop()));
  }
  return {
    ...section,
    markdown: report({ figures, paired, runs, wrk, pinned }),
    targets: targets(undefined, figures, paired),
  };
}

/**
 * Loads each route in turn, round after round, the order moving on by one each round so that no route always runs
 * after the same one (the machine's state a run leaves behind falls on each in turn).
 * @param {{ routes: Map<string, { target: import('../load/wrk.js').LoadTarget, pids: Array<number | undefined> }>,
 *   rounds: number, seconds: number, connections: number, core: number | undefined, log: (line: string) => void }}
 *   plan
 * @returns {Promise<Map<string, Turn[]>>} each route's runs, round by round
 */
async function takeTurns({ routes, rounds, seconds, connections, core, log }) {
  const names = [...routes.keys()];
  /** @type {Map<string, Turn[]>} */
  const turns = new Map(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (let turn = 0; turn < names.length; turn += 1) {
      const name = names[(round + turn) % names.length];
      const { target, pids } = /** @type {{ target: import('../load/wrk.js').LoadTarget, pids: any[] }} */ (
        routes.get(name)
      );
      log(`proxy: ${name}, ${connections} connection(s), round ${round + 1}/${rounds}`);
      const before = pids.map(cpuMsOf);
      const result = await runWrk(target, { connections, seconds, core });
      requireAllOk(result, `${name} at ${connections} connection(s)`);
      const cpuMs = pids.map((pid, index) => (cpuMsOf(pid) - before[index]) / result.ok);
      turns.get(name)?.push({ result, cpuMs });
    }
  }
  return turns;
}

/**
 * The CPU a request of a route's processes together (the proxy and the emulator behind it).
 * @param {Turn} turn
 */
const routeCpuMs = (turn) => turn.cpuMs.reduce((sum, ms) => sum + ms, 0);

/** @param {number | undefined} pid */
const cpuMsOf = (pid) => processCpuMs(pid) ?? Number.NaN;

/**
 * The routes of a map named in a list, in the list's order.
 * @template T
 * @param {Map<string, T>} routes
 * @param {readonly string[]} names
 */
const pick = (routes, names) => new Map(names.map((name) => [name, /** @type {T} */ (routes.get(name))]));

/**
 * A route's figure beside the plain proxy's of the same round: the two ran within seconds of each other, under one
 * load, where a ratio of medians would set figures of different minutes against each other.
 * @param {Turn[]} turns
 * @param {Turn[]} plain
 * @param {(turn: Turn) => number} figure
 * @returns {RatioSummary} NaN where a figure is (CPU unread)
 */
function ratios(turns, plain, figure) {
  const each = turns.map((turn, round) => figure(turn) / figure(plain[round]));
  if (each.some(Number.isNaN)) return { median: Number.NaN, low: Number.NaN, high: Number.NaN };
  return { median: median(each), ...middleHalf(each) };
}

/**
 * The section's text and tables.
 * @param {{ figures: Map<string, RouteFigures>, paired: Map<string, PairFigures>,
 *   runs: import('../options.js').RunCounts, wrk: string, pinned: boolean }} measured
 */
function report({ figures, paired, runs, wrk, pinned }) {
  const direct = /** @type {RouteFigures} */ (figures.get('direct'));
  const labels = {
    direct: 'emulator, directly',
    bare: 'the minimal plain Node proxy',
    proxy: 'payments-connect-mock --proxy',
    prism: `prism proxy ${prismVersion()}`,
    control: 'a second minimal plain Node proxy (the control)',
  };
  const cpu = (/** @type {number} */ ms) => (Number.isNaN(ms) ? '(not read)' : formatDuration(ms));
  const rows = ROUTES.map((route) => {
    const { p50Ms, requestsPerSecond, cpuMs, ownCpuMs } = /** @type {RouteFigures} */ (figures.get(route));
    const floor = route === 'direct';
    return [
      labels[route],
      formatDuration(p50Ms),
      floor ? '(the floor)' : `+${formatDuration(p50Ms - direct.p50Ms)}`,
      floor ? '' : formatRatio(p50Ms / direct.p50Ms),
      `${formatCount(requestsPerSecond)} req/s`,
      floor ? '(the floor)' : formatShare(requestsPerSecond / direct.requestsPerSecond),
      cpu(cpuMs),
      floor ? '' : cpu(ownCpuMs),
    ];
  });
  const spread = (/** @type {RatioSummary} */ summary, /** @type {(value: number) => string} */ format) =>
    Number.isNaN(summary.median)
      ? '(not read)'
      : `${format(summary.median)} (${format(summary.low)} to ${format(summary.high)})`;
  const pairRows = ['proxy', 'control'].map((route) => {
    const { p50Ratio, share, cpuRatio } = /** @type {PairFigures} */ (paired.get(route));
    return [
      labels[/** @type {'proxy' | 'control'} */ (route)],
      spread(p50Ratio, formatRatio),
      spread(share, formatShare),
      spread(cpuRatio, formatRatio),
    ];
  });
  const placement = pinned
    ? `The servers run on core ${CORES.servers}, wrk (one thread) on core ${CORES.load} (\`taskset\`).`
    : 'The servers and wrk (one thread) run where the OS puts them (no `taskset`, or one core only).';
  return [
    `\`GET /v1/rfi/{rfiId}\` with a bearer token the emulator issued, loaded by wrk ${wrk}: the emulator called`,
    "directly; through the minimal plain Node proxy (node:http in front, undici's `Pool` behind, the bodies buffered,",
    'no checks, no journal, no timers: what a hop through a Node process costs at its least); through',
    '`payments-connect-mock --proxy` (which checks the request and the answer against the contract and journals the',
    'exchange, over a pooled keep-alive connection to the emulator); and through `prism proxy` (@stoplight/prism-cli,',
    'the same spec). Each runs in a process of its own, the emulator and the proxy through their bins',
    '(`payments-connect-emulator --port 0`, `payments-connect-mock --port 0 --proxy <emulator>`).',
    placement,
    `The p50 at one connection, the requests per second at ${TARGETS.connections} connections: medians of`,
    `${runs.loadRounds} runs of ${runs.loadSeconds} s each, the routes taking turns in an order that moves on each`,
    'round, after a warm-up of each. CPU a request: the user and system time (from `/proc`) over the runs at',
    `${TARGETS.connections} connections divided by their answers, of the route's servers together and of the proxy`,
    'alone; on one core, the rates follow from it.',
    '',
    markdownTable(
      [
        'Route',
        'p50, 1 connection',
        'Overhead',
        'vs direct',
        `Requests per second, ${TARGETS.connections}`,
        'vs direct',
        `CPU a request, ${TARGETS.connections}`,
        'of which the proxy',
      ],
      rows,
      { align: ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'] },
    ),
    '',
    `Beside the minimal plain proxy, in paired rounds of their own: ${runs.pairRounds} rounds of ${runs.pairSeconds} s`,
    'at each connection count, in which the plain proxy, the validating proxy and the control (a second process of',
    "the plain proxy) take turns. Each figure is the median of the rounds' ratios to the plain proxy of the same",
    'round, with their middle half (the first to the third quartile) in brackets. On a shared host a figure moves by',
    "a tenth from one second to the next whatever the code: the control's row is what the method reads where there is",
    "no difference at all. The last column sets the route's servers' CPU a request (the proxy and the emulator)",
    "against the plain route's: on one shared core, 1.10x the CPU a request makes about 91 % of the requests a second.",
    '',
    markdownTable(
      [
        'Beside the minimal plain proxy',
        'p50, 1 connection',
        `Requests per second, ${TARGETS.connections}`,
        `CPU a request, ${TARGETS.connections}`,
      ],
      pairRows,
      { align: ['l', 'r', 'r', 'r'] },
    ),
  ].join('\n');
}

/**
 * @param {string} [missing] why there are no figures
 * @param {Map<string, RouteFigures>} [figures]
 * @param {Map<string, PairFigures>} [paired]
 */
function targets(missing, figures = new Map(), paired = new Map()) {
  const [direct, proxy, plain] = [figures.get('direct'), figures.get('proxy'), paired.get('proxy')];
  return [
    checkAtMost({
      target: `Proxy p50 <= ${TARGETS.plainP50Ratio}x the minimal plain proxy's at 1 connection`,
      value: plain?.p50Ratio.median,
      limit: TARGETS.plainP50Ratio,
      format: formatRatio,
      missing,
    }),
    checkAtLeast({
      target:
        `Proxy >= ${TARGETS.plainShare * 100} % of the minimal plain proxy's req/s at ` +
        `${TARGETS.connections} connections`,
      value: plain?.share.median,
      limit: TARGETS.plainShare,
      format: formatShare,
      missing,
    }),
    checkAtMost({
      target: `Proxy p50 <= ${TARGETS.p50Ratio}x the direct call's at 1 connection`,
      value: proxy && direct && proxy.p50Ms / direct.p50Ms,
      limit: TARGETS.p50Ratio,
      format: formatRatio,
      missing,
    }),
    checkAtLeast({
      target: `Proxy >= ${TARGETS.share * 100} % of the direct call's req/s at ${TARGETS.connections} connections`,
      value: proxy && direct && proxy.requestsPerSecond / direct.requestsPerSecond,
      limit: TARGETS.share,
      format: formatShare,
      missing,
    }),
  ];
}

/** Prism's version, from its manifest. */
function prismVersion() {
  return require('@stoplight/prism-cli/package.json').version;
}

/**
 * `prism proxy` of the bundled spec to an upstream, on a free port, in a process of its own.
 * @param {string} upstream
 * @returns {Promise<{ url: string, pid: number | undefined, stop: () => Promise<void> }>}
 */
function startPrismProxy(upstream) {
  const cli = join(dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');
  const spec = join(WORKSPACE_DIRS.spec, 'dist', 'openapi.yaml');
  const child = spawn(process.execPath, [cli, 'proxy', spec, upstream, '--port', '0', '-h', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      stop().then(() => reject(new Error(`prism proxy printed no address within ${PRISM_START_TIMEOUT_MS} ms`)));
    }, PRISM_START_TIMEOUT_MS);
    const read = (/** @type {Buffer} */ chunk) => {
      output = (output + chunk).slice(-4000);
      const url = /Prism is listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ url, pid: child.pid, stop });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`prism proxy exited (${code}): ${output.slice(-600)}`));
    });
  });
}
