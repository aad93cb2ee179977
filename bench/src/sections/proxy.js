import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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
import { WORKSPACE_DIRS } from '../workspace.js';

const require = createRequire(import.meta.url);
/** Prism takes some seconds to read the spec before it listens. */
const PRISM_START_TIMEOUT_MS = 60_000;
/** The routes to the emulator, the direct one first: every figure is set against it. */
const ROUTES = /** @type {const} */ (['direct', 'bare', 'proxy', 'prism']);
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
 * @typedef {{ p50Ms: number, requestsPerSecond: number, cpuMs: number }} RouteFigures medians over the rounds; `cpuMs`:
 *   the CPU of the route's servers together a request at 16 connections (NaN where `/proc` cannot tell)
 * @typedef {{ p50Ratio: number, share: number }} PlainFigures the validating proxy beside the minimal plain one: the
 *   medians over the rounds of each round's ratio (its p50 at 1 connection to the plain one's, its requests per second
 *   at 16 to the plain one's)
 */

/**
 * Section: what the mock's validating proxy adds to an exchange with the emulator behind it, beside Prism's proxy on
 * the same exchange: `GET /v1/rfi/{rfiId}` (with a token the emulator issued) called directly, through a plain Node
 * proxy (no checks: what the hop costs), through `payments-connect-mock --proxy`, and through `prism proxy`; the p50
 * at one connection and the requests per second at 16, the routes taking turns round after round. The servers share
 * one core and wrk has the other, as the targets were set.
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
  /** @type {PlainFigures | undefined} */
  let plainFigures;
  try {
    const servers = pinned ? CORES.servers : undefined;
    const emulator = await startBin('emulator', { tempDir, core: servers });
    started.push(emulator);
    const { headers } = emulator.target;
    const path = new URL(emulator.target.url).pathname;
    const args = ['--proxy', emulator.baseUrl];
    const proxy = await startBin('mock', { tempDir, core: servers, args, request: { path, headers } });
    started.push(proxy);
    const bare = await startSubject('bare-proxy', { path, headers, upstream: emulator.baseUrl });
    started.push(bare);
    if (pinned) pinToCore(bare.pid, CORES.servers);
    const prism = await startPrismProxy(emulator.baseUrl);
    started.push(prism);
    if (pinned) pinToCore(prism.pid, CORES.servers);
    const targets = new Map([
      ['direct', emulator.target],
      ['bare', bare.target],
      ['proxy', proxy.target],
      ['prism', { url: `${prism.url}${path}`, headers }],
    ]);
    /** The processes each route's requests take: the emulator, and the proxy in front of it. */
    const routePids = new Map([
      ['direct', [emulator.pid]],
      ['bare', [bare.pid, emulator.pid]],
      ['proxy', [proxy.pid, emulator.pid]],
      ['prism', [prism.pid, emulator.pid]],
    ]);
    const cpuOf = (/** @type {string} */ route) => {
      let total = 0;
      for (const pid of routePids.get(route) ?? []) {
        const ms = processCpuMs(pid);
        if (ms === undefined) return Number.NaN;
        total += ms;
      }
      return total;
    };
    for (const [route, target] of targets) {
      log(`proxy: warming ${route} up`);
      await runWrk(target, { connections: TARGETS.connections, seconds: runs.warmupSeconds, core });
    }
    /** @type {Map<string, { p50Ms: number[], requestsPerSecond: number[], cpuMs: number[] }>} */
    const results = new Map(ROUTES.map((route) => [route, { p50Ms: [], requestsPerSecond: [], cpuMs: [] }]));
    for (const [connections, figure] of /** @type {const} */ ([
      [1, 'p50Ms'],
      [TARGETS.connections, 'requestsPerSecond'],
    ])) {
      for (let round = 0; round < runs.loadRounds; round += 1) {
        for (const [route, target] of targets) {
          log(`proxy: ${route}, ${connections} connection(s), round ${round + 1}/${runs.loadRounds}`);
          const before = cpuOf(route);
          const result = await runWrk(target, { connections, seconds: runs.loadSeconds, core });
          requireAllOk(result, `${route} at ${connections} connection(s)`);
          results.get(route)?.[figure].push(result[figure]);
          if (figure === 'requestsPerSecond') results.get(route)?.cpuMs.push((cpuOf(route) - before) / result.ok);
        }
      }
    }
    for (const [route, { p50Ms, requestsPerSecond, cpuMs }] of results)
      figures.set(route, { p50Ms: median(p50Ms), requestsPerSecond: median(requestsPerSecond), cpuMs: median(cpuMs) });
    // The two proxies run back to back in each round: a round's ratio is taken under one load, where a ratio of the
    // medians sets figures of different moments against each other (the machine's load moves between rounds).
    const [validating, plain] = [results.get('proxy'), results.get('bare')];
    if (validating && plain)
      plainFigures = {
        p50Ratio: median(validating.p50Ms.map((p50, round) => p50 / plain.p50Ms[round])),
        share: median(validating.requestsPerSecond.map((rate, round) => rate / plain.requestsPerSecond[round])),
      };
  } catch (error) {
    return notMeasured(section, error, targets);
  } finally {
    await Promise.all(started.map((subject) => subject.stop()));
  }
  const direct = /** @type {RouteFigures} */ (figures.get('direct'));
  const plain = /** @type {RouteFigures} */ (figures.get('bare'));
  const labels = {
    direct: 'emulator, directly',
    bare: 'the minimal plain Node proxy',
    proxy: 'payments-connect-mock --proxy',
    prism: `prism proxy ${prismVersion()}`,
  };
  const rows = ROUTES.map((route) => {
    const { p50Ms, requestsPerSecond, cpuMs } = /** @type {RouteFigures} */ (figures.get(route));
    const floor = route === 'direct';
    return [
      labels[route],
      formatDuration(p50Ms),
      floor ? '(the floor)' : `+${formatDuration(p50Ms - direct.p50Ms)}`,
      floor ? '' : formatRatio(p50Ms / direct.p50Ms),
      `${formatCount(requestsPerSecond)} req/s`,
      floor ? '(the floor)' : formatShare(requestsPerSecond / direct.requestsPerSecond),
      Number.isNaN(cpuMs) ? '(not read)' : formatDuration(cpuMs),
      ...(route === 'proxy' && plainFigures
        ? [formatRatio(plainFigures.p50Ratio), formatShare(plainFigures.share)]
        : route === 'prism'
          ? [formatRatio(p50Ms / plain.p50Ms), formatShare(requestsPerSecond / plain.requestsPerSecond)]
          : ['', '']),
    ];
  });
  const placement = pinned
    ? `The servers run on core ${CORES.servers}, wrk (one thread) on core ${CORES.load} (\`taskset\`).`
    : 'The servers and wrk (one thread) run where the OS puts them (no `taskset`, or one core only).';
  const markdown = [
    `\`GET /v1/rfi/{rfiId}\` with a bearer token the emulator issued, loaded by wrk ${wrk}: the emulator called`,
    "directly; through the minimal plain Node proxy (node:http in front, undici's `Pool` behind, the bodies buffered,",
    'no checks, no journal, no timers: what a hop through a Node process costs at its least); through',
    '`payments-connect-mock --proxy` (which checks the',
    'request and the answer against the contract and journals the exchange, over a pooled keep-alive connection to',
    'the emulator); and through `prism proxy` (@stoplight/prism-cli, the same spec). Each runs in a process of its',
    'own, the emulator and the proxy through their bins (`payments-connect-emulator --port 0`,',
    '`payments-connect-mock --port 0 --proxy <emulator>`).',
    placement,
    `The p50 at one connection, the requests per second at ${TARGETS.connections} connections: medians of`,
    `${runs.loadRounds} runs of ${runs.loadSeconds} s each, the routes taking turns, after a warm-up of each.`,
    `CPU a request: the user and system time of the route's servers together (the proxy and the emulator) over the`,
    `runs at ${TARGETS.connections} connections (from \`/proc\`), divided by their answers; on one core, the rates`,
    'follow from it, and it hardly moves when other work shares the core.',
    "Beside the plain proxy, the validating proxy's figures are the medians of each round's ratio (the two run back to",
    'back in a round, under one load); the other ratios are of the medians.',
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
        'p50 vs plain proxy',
        `req/s vs plain proxy, ${TARGETS.connections}`,
      ],
      rows,
      { align: ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'] },
    ),
  ].join('\n');
  return { ...section, markdown, targets: targets(undefined, figures, plainFigures) };
}

/**
 * @param {string} [missing] why there are no figures
 * @param {Map<string, RouteFigures>} [figures]
 * @param {PlainFigures} [plain]
 */
function targets(missing, figures = new Map(), plain = undefined) {
  const [direct, proxy] = [figures.get('direct'), figures.get('proxy')];
  return [
    checkAtMost({
      target: `Proxy p50 <= ${TARGETS.plainP50Ratio}x the minimal plain proxy's at 1 connection`,
      value: plain?.p50Ratio,
      limit: TARGETS.plainP50Ratio,
      format: formatRatio,
      missing,
    }),
    checkAtLeast({
      target:
        `Proxy >= ${TARGETS.plainShare * 100} % of the minimal plain proxy's req/s at ` +
        `${TARGETS.connections} connections`,
      value: plain?.share,
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
