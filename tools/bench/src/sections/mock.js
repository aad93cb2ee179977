import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { loadSampleExchange } from '../clients/sample-exchange.js';
import { getOk, measureRequestRate } from '../measure/http-load.js';
import { readPeakResidentBytes } from '../measure/peak-memory-sampler.js';
import { summarize } from '../measure/statistics.js';
import { probeHeaders } from '../mock-request.js';
import { markdownTable } from '../report/markdown-table.js';
import { formatBytes, formatCount, formatDuration } from '../report/units.js';
import { BUNDLED_SPEC_JSON } from '../workspace.js';

/** Concurrency the issue asks for. */
const IN_FLIGHT = 16;
/** Requests per throughput round: about a second of work for the mock on this machine. */
const REQUESTS_PER_ROUND = { full: 1000, quick: 300 };
/** Requests before the first round: JIT and keep-alive sockets warm. */
const WARMUP_REQUESTS = 200;
/** Between polls for the first 200 after startMock() resolved. */
const POLL_MS = 10;

/**
 * Section 4: the mock (`startMock()`, Prism behind the envelope proxy, our bundled spec): start to first 200,
 * and requests per second sequential and with 16 in flight, on one GET the conformance suite also sends.
 * @param {import('../bench-context.js').BenchContext} context
 * @returns {Promise<import('../report/render-report.js').SectionResult>}
 */
export async function benchMock({ runs, log }) {
  const section = { id: 'mock', title: 'Mock', targets: [] };
  let startMock;
  try {
    ({ startMock } = await import('@payments-connect/mock'));
  } catch (error) {
    return { ...section, markdown: `Not measured: @payments-connect/mock does not load (${error.message}).` };
  }
  if (!existsSync(BUNDLED_SPEC_JSON))
    return { ...section, markdown: 'Not measured: spec/dist/openapi.json is missing (run `pnpm build`).' };
  const { path } = loadSampleExchange();
  const headers = probeHeaders();
  const requests = runs.throughputRounds > 1 ? REQUESTS_PER_ROUND.full : REQUESTS_PER_ROUND.quick;

  const ready = [];
  const firstOk = [];
  const peaks = [];
  const sequential = [];
  const concurrent = [];
  for (let run = 0; run < runs.mockStarts; run += 1) {
    log(`mock: start ${run + 1}/${runs.mockStarts}`);
    const started = performance.now();
    const mock = await startMock();
    try {
      ready.push(performance.now() - started);
      firstOk.push(await untilFirstOk(mock.url + path, headers, started));
      if (run === 0) {
        // Throughput on the first instance only: starts are what the other runs are for.
        for (let index = 0; index < WARMUP_REQUESTS; index += 1) await getOk(mock.url + path, headers, false);
        for (let round = 0; round < runs.throughputRounds; round += 1) {
          log(`mock: throughput round ${round + 1}/${runs.throughputRounds}`);
          sequential.push(await measureRequestRate(mock.url + path, { requests, inFlight: 1, headers }));
          concurrent.push(await measureRequestRate(mock.url + path, { requests, inFlight: IN_FLIGHT, headers }));
        }
      }
      const peak = readPeakResidentBytes(mock.pid);
      if (peak !== null) peaks.push(peak);
    } finally {
      await mock.stop();
    }
  }

  const duration = (values) => {
    const summary = summarize(values);
    return [
      formatDuration(summary.median),
      `${formatDuration(summary.min)} to ${formatDuration(summary.max)}`,
      summary.count,
    ];
  };
  const rate = (values) => {
    const summary = summarize(values);
    return [
      `${formatCount(summary.median)} req/s`,
      `${formatCount(summary.min)} to ${formatCount(summary.max)}`,
      summary.count,
    ];
  };
  const rows = [
    ['`startMock()` resolved (child process up, Prism loaded, proxy answering)', ...duration(ready)],
    ['`startMock()` called to first 200', ...duration(firstOk)],
    [`Sequential, ${formatCount(requests)} requests per round`, ...rate(sequential)],
    [`${IN_FLIGHT} in flight, ${formatCount(requests)} requests per round`, ...rate(concurrent)],
    [
      'Peak memory of the mock process (VmHWM)',
      peaks.length > 0 ? formatBytes(Math.max(...peaks)) : 'not measured: /proc not readable',
      '',
      peaks.length,
    ],
  ];
  const markdown = [
    `\`GET ${path}\` with a bearer token and \`AccountId\`, answered 200 with the spec's named example, through`,
    "the envelope proxy. The load comes from node:http keep-alive sockets in the bench's own process, which shares",
    'the 2 cores with the mock: on a machine with spare cores the mock answers faster than shown.',
    '',
    markdownTable(['Measure', 'Median', 'Range', 'Runs'], rows, { align: ['l', 'r', 'l', 'r'] }),
  ].join('\n');
  return { ...section, markdown };
}

async function untilFirstOk(url, headers, started) {
  for (;;) {
    try {
      await getOk(url, headers, false);
      return performance.now() - started;
    } catch {
      await delay(POLL_MS);
    }
  }
}
