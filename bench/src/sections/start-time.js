import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { loadSampleExchange } from '../clients/sample-exchange.js';
import { summarize } from '../measure/statistics.js';
import { markdownTable } from '../report/markdown-table.js';
import { checkAtMost } from '../report/targets.js';
import { formatDuration, formatRange } from '../report/units.js';
import { httpRequest } from '../servers/http-request.js';
import { startSubject } from '../servers/start-subject.js';
import { WORKSPACE_DIRS } from '../workspace.js';

const MOCK_BIN = join(WORKSPACE_DIRS.mock, 'bin', 'payments-connect-mock.js');
const TIMEOUT_MS = 30_000;

/**
 * Section: the mock's start to its first 200, programmatically (in a fresh Node process, from before the import: what
 * a test suite pays) and through its bin (from the spawn: what `npx payments-connect-mock` pays, less npx), against
 * the targets of issue 18.
 * @type {import('../section-result.js').Section}
 */
export async function benchStartTime({ runs, log }) {
  const starts = [
    { how: 'programmatic (import and `startMock()`)', limit: 300, time: startProgrammatically },
    { how: 'through its bin (`payments-connect-mock --port 0`)', limit: 600, time: startThroughBin },
  ].map((start) => ({ ...start, values: /** @type {number[]} */ ([]), failure: '' }));
  // The two take turns, run after run, so that a busy moment of the machine does not fall on one alone.
  for (let run = 0; run < runs.starts; run += 1) {
    for (const start of starts.filter(({ failure }) => !failure)) {
      log(`start: ${start.how}, ${run + 1}/${runs.starts}`);
      await start.time().then(
        (ms) => start.values.push(ms),
        (error) => {
          start.failure = String(error.message ?? error);
        },
      );
    }
  }
  const summaries = starts.map(({ values, failure }) => (failure ? undefined : summarize(values)));
  const rows = starts.map(({ how, failure }, index) => {
    const summary = summaries[index];
    return summary ? [how, formatDuration(summary.median), formatRange(summary)] : [how, `failed: ${failure}`, ''];
  });
  const markdown = [
    'Each start in a fresh Node process. Programmatic: from before the package is imported (Node already running, as',
    'in a test suite) to the first 200 of `GET /v1/rfi/{rfiId}`. Bin: from the spawn of `node <bin>` to the first 200',
    'at the URL it prints (npx adds its own start-up on top). The first request is sent with node:http, not fetch,',
    `whose first call loads undici. Medians of ${runs.starts} runs, the two taking turns.`,
    '',
    markdownTable(['Mock start', 'Median', 'Range (runs)'], rows, { align: ['l', 'r', 'l'] }),
  ].join('\n');
  const targets = starts.map(({ how, limit, failure }, index) =>
    checkAtMost({
      target: `Mock start to first 200 <= ${limit} ms, ${how}`,
      value: summaries[index]?.median,
      limit,
      format: formatDuration,
      missing: failure,
    }),
  );
  return { id: 'start', title: 'Mock start to the first 200', markdown, targets };
}

/** @returns {Promise<number>} ms from before the mock's import, in a fresh process, to its first 200 */
async function startProgrammatically() {
  const mock = await startSubject('mock', { timeoutMs: TIMEOUT_MS });
  await mock.stop();
  return mock.firstOkMs;
}

/** @returns {Promise<number>} ms from the spawn of the mock's bin to the first 200 at the URL it prints */
async function startThroughBin() {
  const { path, headers } = loadSampleExchange();
  const started = performance.now();
  const child = spawn(process.execPath, [MOCK_BIN, '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(`exited (${code})`)));
  let printed = '';
  const url = new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      printed += chunk;
      const found = /http:\/\/127\.0\.0\.1:\d+/.exec(printed);
      if (found) resolve(found[0]);
    });
  });
  // Unref'd: a start that ended keeps no timer waiting.
  const timeout = delay(TIMEOUT_MS, `did not start within ${TIMEOUT_MS / 1000} s`, { ref: false });
  try {
    const base = String(await Promise.race([url, exited, timeout]));
    if (!base.startsWith('http')) throw new Error(base);
    // Polled: the URL is printed once the server listens, a request may still come a moment too early.
    while (performance.now() - started < TIMEOUT_MS) {
      const { status } = await httpRequest(base + path, { headers }).catch(() => ({ status: 0 }));
      if (status === 200) return performance.now() - started;
      if (status !== 0) throw new Error(`first answer ${status}`);
      await delay(5);
    }
    throw new Error(`no answer within ${TIMEOUT_MS / 1000} s`);
  } finally {
    child.kill();
    await exited;
  }
}
