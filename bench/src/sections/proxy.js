import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { requireAllOk, runWrk, wrkVersion } from '../load/wrk.js';
import { median } from '../measure/statistics.js';
import { markdownTable } from '../report/markdown-table.js';
import { formatDuration, formatRatio } from '../report/units.js';
import { notMeasured } from '../section-result.js';
import { startSubject } from '../servers/start-subject.js';
import { WORKSPACE_DIRS } from '../workspace.js';

const require = createRequire(import.meta.url);
/** Prism takes some seconds to read the spec before it listens. */
const PRISM_START_TIMEOUT_MS = 60_000;

/**
 * Section: what the mock's validating proxy adds to an exchange with the emulator behind it, beside Prism's proxy on
 * the same exchange: the p50 of `GET /v1/rfi/{rfiId}` (with a token the emulator issued) called directly, through
 * `payments-connect-mock --proxy`, and through `prism proxy`, one connection, the three taking turns round after round.
 * No target: the figures say what a team pays for seeing its traffic judged.
 * @type {import('../section-result.js').Section}
 */
export async function benchProxy({ runs, log }) {
  const section = { id: 'proxy', title: 'Validating proxy: overhead over calling the emulator directly' };
  const wrk = wrkVersion();
  if (!wrk) return notMeasured(section, 'wrk is not on the PATH (Debian: `apt-get install wrk`)', () => []);
  /** @type {Array<{ stop: () => Promise<void> }>} */
  const started = [];
  /** @type {Map<string, number[]>} p50s by route */
  const p50s = new Map([
    ['direct', []],
    ['proxy', []],
    ['prism', []],
  ]);
  try {
    const emulator = await startSubject('emulator');
    started.push(emulator);
    const { headers } = emulator.target;
    const path = new URL(emulator.target.url).pathname;
    const proxy = await startSubject('proxy', { upstream: emulator.baseUrl, path, headers });
    started.push(proxy);
    const prism = await startPrismProxy(emulator.baseUrl);
    started.push(prism);
    const targets = new Map([
      ['direct', emulator.target],
      ['proxy', proxy.target],
      ['prism', { url: `${prism.url}${path}`, headers }],
    ]);
    for (const [route, target] of targets) {
      log(`proxy: warming ${route} up`);
      await runWrk(target, { connections: 1, seconds: runs.warmupSeconds });
    }
    for (let round = 0; round < runs.loadRounds; round += 1) {
      for (const [route, target] of targets) {
        log(`proxy: ${route}, round ${round + 1}/${runs.loadRounds}`);
        const result = await runWrk(target, { connections: 1, seconds: runs.loadSeconds });
        requireAllOk(result, `${route}`);
        p50s.get(route)?.push(result.p50Ms);
      }
    }
  } catch (error) {
    return notMeasured(section, error, () => []);
  } finally {
    await Promise.all(started.map((subject) => subject.stop()));
  }
  const [direct, proxy, prism] = ['direct', 'proxy', 'prism'].map((route) => median(p50s.get(route) ?? []));
  const row = (/** @type {string} */ label, /** @type {number} */ p50) => [
    label,
    formatDuration(p50),
    p50 === direct ? '(the floor)' : `+${formatDuration(p50 - direct)}`,
    p50 === direct ? '' : formatRatio(p50 / direct),
  ];
  const markdown = [
    `\`GET /v1/rfi/{rfiId}\` with a bearer token the emulator issued, one connection, loaded by wrk ${wrk}: the`,
    'emulator called directly, through `payments-connect-mock --proxy` (which checks the request and the answer',
    'against the contract and journals the exchange), and through `prism proxy` (@stoplight/prism-cli, the same spec),',
    `each in a process of its own. Medians of ${runs.loadRounds} runs of ${runs.loadSeconds} s, the three taking`,
    'turns.',
    '',
    markdownTable(
      ['Route', 'p50', 'Overhead', 'vs direct'],
      [
        row('emulator, directly', direct),
        row('payments-connect-mock --proxy', proxy),
        row(`prism proxy ${prismVersion()}`, prism),
      ],
      { align: ['l', 'r', 'r', 'r'] },
    ),
  ].join('\n');
  return { ...section, markdown, targets: [] };
}

/** Prism's version, from its manifest. */
function prismVersion() {
  return require('@stoplight/prism-cli/package.json').version;
}

/**
 * `prism proxy` of the bundled spec to an upstream, on a free port, in a process of its own.
 * @param {string} upstream
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
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
      resolve({ url, stop });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`prism proxy exited (${code}): ${output.slice(-600)}`));
    });
  });
}
