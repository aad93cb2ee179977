import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { loadSampleExchange } from '../clients/sample-exchange.js';
import { canPinToCores } from '../load/pin-to-core.js';
import { summarize } from '../measure/statistics.js';
import { markdownTable } from '../report/markdown-table.js';
import { checkAtMost } from '../report/targets.js';
import { formatDuration, formatRange, formatRatio } from '../report/units.js';
import { httpRequest } from '../servers/http-request.js';
import { checkoutBin, readEnvFile } from '../servers/start-bin.js';
import { startSubject } from '../servers/start-subject.js';
import { REPO_ROOT } from '../workspace.js';

const BARE_BIN = fileURLToPath(new URL('../servers/bare-bin.js', import.meta.url));
/** The bins as published: what their package.json's `bin` names, the bundles the build makes. */
const MOCK_BIN = checkoutBin('mock', REPO_ROOT);
const EMULATOR_BIN = checkoutBin('emulator', REPO_ROOT);
const TIMEOUT_MS = 30_000;
/** The core every timed bin runs on, when there are two (the bench itself, the client, keeps to the other). */
const SERVER_CORE = 0;

/**
 * A bin timed from its spawn to its first answer.
 * @typedef {object} TimedBin
 * @property {'bare' | 'mock' | 'emulator'} kind
 * @property {string} how the row's name
 * @property {(tempDir: string) => string[]} argv after `node`
 * @property {(url: string, tempDir: string) => Promise<number>} firstAnswer sends its first request, answers the status
 */

/**
 * Section: how long a server takes to start. The bins, as `npx` runs them (less npx's own start): a bare node:http
 * server, the mock and the emulator, each from its spawn to its first answer, taking turns round after round, the
 * ratios of the issue 41 targets (the mock's <= 1.5x and the emulator's <= 2x the bare server's, its validators
 * compiled at build); and the mock programmatically (import and `startMock()` in a fresh process, what a test suite
 * pays) and through its bin against the absolute targets of issue 18.
 * @type {import('../section-result.js').Section}
 */
export async function benchStartTime({ runs, tempDir, log }) {
  const pinned = canPinToCores();
  const sample = loadSampleExchange();
  /** @type {TimedBin[]} */
  const bins = [
    {
      kind: 'bare',
      how: 'a bare node:http server (`bare-bin.js`)',
      argv: () => [BARE_BIN, sample.caseBody],
      firstAnswer: (url) => status(`${url}${sample.path}`, { headers: sample.headers }),
    },
    {
      kind: 'mock',
      how: 'the mock (`payments-connect-mock --port 0`)',
      argv: () => [MOCK_BIN, '--port', '0'],
      firstAnswer: (url) => status(`${url}${sample.path}`, { headers: sample.headers }),
    },
    {
      kind: 'emulator',
      how: 'the emulator (`payments-connect-emulator --port 0 --write-env <file>`)',
      argv: (dir) => [EMULATOR_BIN, '--port', '0', '--write-env', join(dir, 'emulator-start.env')],
      // Its first answer is the token exchange with the credentials it wrote, before it printed its URL: what a test
      // setup asks it first.
      firstAnswer: (url, dir) => status(`${url}/auth/token`, tokenRequest(join(dir, 'emulator-start.env'))),
    },
  ];
  const timed = bins.map((bin) => ({ ...bin, values: /** @type {number[]} */ ([]), failure: '' }));
  // Turns, round after round: a busy moment of the shared machine falls on all three alike, not on one alone.
  for (let round = 0; round < runs.starts; round += 1) {
    for (const bin of timed.filter(({ failure }) => !failure)) {
      log(`start: ${bin.kind}'s bin, ${round + 1}/${runs.starts}`);
      await timeBin(bin, { tempDir, core: pinned ? SERVER_CORE : undefined }).then(
        (ms) => bin.values.push(ms),
        (error) => {
          bin.failure = String(error.message ?? error);
        },
      );
    }
  }
  const programmatic = { values: /** @type {number[]} */ ([]), failure: '' };
  for (let run = 0; run < runs.starts && !programmatic.failure; run += 1) {
    log(`start: the mock programmatically, ${run + 1}/${runs.starts}`);
    await startProgrammatically().then(
      (ms) => programmatic.values.push(ms),
      (error) => {
        programmatic.failure = String(error.message ?? error);
      },
    );
  }

  const medians = Object.fromEntries(
    timed.map(({ kind, values, failure }) => [kind, failure ? undefined : summarize(values).median]),
  );
  const ratio = (/** @type {'mock' | 'emulator'} */ kind) => {
    const [ours, bare] = [medians[kind], medians.bare];
    return ours === undefined || bare === undefined ? undefined : ours / bare;
  };
  const rows = timed.map(({ kind, how, values, failure }) => {
    if (failure) return [how, `failed: ${failure}`, '', ''];
    const summary = summarize(values);
    const against = kind === 'bare' ? '1.00x' : formatRatio(/** @type {number} */ (ratio(kind)));
    return [how, formatDuration(summary.median), formatRange(summary), against];
  });
  const programmaticSummary = programmatic.failure ? undefined : summarize(programmatic.values);
  const markdown = [
    'Each start in a fresh Node process, timed from its spawn (`node <bin>`; npx adds its own start-up on top) to its',
    'first answer: the bare server and the mock answering `GET /v1/rfi/{rfiId}` (the bare server with the bytes of the',
    "mock's example), the emulator its first request of a test setup, `POST /auth/token` with the credentials it wrote",
    '(`--write-env`, written before it prints its URL). The first request is sent with node:http, not fetch, whose',
    `first call loads undici. The three take turns, round after round; medians of ${runs.starts} rounds.`,
    pinned
      ? `Each bin runs on core ${SERVER_CORE} (\`taskset\`), the bench and its requests where the OS puts them.`
      : 'The bins run where the OS puts them (no `taskset`, or one core only).',
    '',
    markdownTable(['Bin, from spawn to first answer', 'Median', 'Range (runs)', 'vs bare'], rows, {
      align: ['l', 'r', 'l', 'r'],
    }),
    '',
    'The mock programmatically: from before `@payments-connect/mock` is imported (Node already running, as in a test',
    `suite) to the first 200 of \`GET /v1/rfi/{rfiId}\`, median of ${runs.starts} runs: ` +
      (programmaticSummary
        ? `${formatDuration(programmaticSummary.median)} (${formatRange(programmaticSummary)}).`
        : `failed: ${programmatic.failure}.`),
  ].join('\n');
  const bin = timed.find(({ kind }) => kind === 'mock');
  const failureOf = (/** @type {'bare' | 'mock' | 'emulator'} */ kind) =>
    timed.find((t) => t.kind === kind)?.failure || timed.find((t) => t.kind === 'bare')?.failure;
  const targets = [
    checkAtMost({
      target: "Mock's bin from spawn to first answer <= 1.5x a bare node:http server's, validators compiled at build",
      value: ratio('mock'),
      limit: 1.5,
      format: (value) =>
        `${formatRatio(value)} (${formatDuration(medians.mock ?? 0)} vs ${formatDuration(medians.bare ?? 0)})`,
      missing: failureOf('mock'),
    }),
    checkAtMost({
      target: "Emulator's bin from spawn to first answer <= 2x a bare node:http server's, validators compiled at build",
      value: ratio('emulator'),
      limit: 2,
      format: (value) =>
        `${formatRatio(value)} (${formatDuration(medians.emulator ?? 0)} vs ${formatDuration(medians.bare ?? 0)})`,
      missing: failureOf('emulator'),
    }),
    checkAtMost({
      target: 'Mock start to first 200 <= 300 ms, programmatic (import and `startMock()`)',
      value: programmaticSummary?.median,
      limit: 300,
      format: formatDuration,
      missing: programmatic.failure,
    }),
    checkAtMost({
      target: 'Mock start to first 200 <= 600 ms, through its bin (`payments-connect-mock --port 0`)',
      value: medians.mock,
      limit: 600,
      format: formatDuration,
      missing: bin?.failure,
    }),
  ];
  return { id: 'start', title: 'Start to the first answer', markdown, targets };
}

/** @returns {Promise<number>} ms from before the mock's import, in a fresh process, to its first 200 */
async function startProgrammatically() {
  const mock = await startSubject('mock', { timeoutMs: TIMEOUT_MS });
  await mock.stop();
  return mock.firstOkMs;
}

/**
 * Spawns a bin, reads its URL from the first line it prints, and times its first answer.
 * @param {TimedBin} bin
 * @param {{ tempDir: string, core: number | undefined }} where core: the one core it runs on from its start
 * @returns {Promise<number>} ms from the spawn to the first answer's end
 * @throws {Error} when it exits, prints no URL or answers no 200 in time
 */
async function timeBin(bin, { tempDir, core }) {
  const node = [process.execPath, ...bin.argv(tempDir)];
  const [command, args] =
    core === undefined ? [process.execPath, node.slice(1)] : ['taskset', ['--cpu-list', String(core), ...node]];
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(`exited (${code})`)));
  let printed = '';
  const url = new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      printed += chunk;
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(printed);
      if (found) resolve(found[1]);
    });
  });
  // Unref'd: a start that ended keeps no timer waiting.
  const timeout = delay(TIMEOUT_MS, `did not start within ${TIMEOUT_MS / 1000} s`, { ref: false });
  try {
    const base = String(await Promise.race([url, exited, timeout]));
    if (!base.startsWith('http')) throw new Error(`${bin.kind}: ${base}`);
    // Polled: the URL is printed once the server listens, a request may still come a moment too early.
    while (performance.now() - started < TIMEOUT_MS) {
      const answered = await bin.firstAnswer(base, tempDir).catch(() => 0);
      if (answered === 200) return performance.now() - started;
      if (answered !== 0) throw new Error(`${bin.kind}: first answer ${answered}`);
      await delay(5);
    }
    throw new Error(`${bin.kind}: no answer within ${TIMEOUT_MS / 1000} s`);
  } finally {
    child.kill();
    await exited;
  }
}

/**
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string }} init
 * @returns {Promise<number>} the status
 */
async function status(url, init) {
  return (await httpRequest(url, init)).status;
}

/**
 * The token request with the credentials the emulator wrote to its `--write-env` file.
 * @param {string} envFile
 */
function tokenRequest(envFile) {
  const env = readEnvFile(envFile);
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      clientId: env.PAYMENTS_CONNECT_CLIENT_ID,
      clientSecret: env.PAYMENTS_CONNECT_CLIENT_SECRET,
    }),
  };
}
