import { fileURLToPath } from 'node:url';
import { loadSampleExchange } from '../clients/sample-exchange.js';
import { summarize } from '../measure/statistics.js';
import { probeHeaders } from '../mock-request.js';
import { markdownTable } from '../report/markdown-table.js';
import { checkAtMost } from '../report/targets.js';
import { formatDuration, formatRatio, formatRuns } from '../report/units.js';
import { timeCommandStart, timeProgrammaticStart } from '../servers/time-start.js';

/** The targets of issue 18 for the mock's start, to its first 200. */
const TARGET_MS = { programmatic: 300, bin: 600 };
const MOCK_BIN = fileURLToPath(new URL('../../../../packages/mock/bin/payments-connect-mock.js', import.meta.url));
/** The floor of a start through a command: Node itself starting a bare node:http server that prints its URL. */
const BARE_BIN_SOURCE =
  "require('node:http').createServer((q, s) => s.end('{}'))" +
  ".listen(0, '127.0.0.1', function () { console.log('listening on http://127.0.0.1:' + this.address().port) })";
const START_TIMEOUT_MS = 30_000;

/**
 * Section: how long the mock (and the emulator) take from start to their first 200, programmatically (in a fresh
 * Node process, from before the import: what a test suite pays) and through the mock's bin (from the spawn: what
 * `npx payments-connect-mock` pays, less npx), each beside a bare node:http server started the same way.
 * @param {import('../bench-context.js').BenchContext} context
 * @returns {Promise<import('../report/render-report.js').SectionResult>}
 */
export async function benchStartTime({ runs, log }) {
  const { path } = loadSampleExchange();
  const starts = [
    { id: 'bare', label: 'bare node:http: create, listen, first 200', time: () => programmatic('bare', path) },
    { id: 'mock', label: 'mock: import, `startMock()`, first 200', time: () => programmatic('mock', path) },
    {
      id: 'emulator',
      label: 'emulator: import, `startEmulator()`, first 200 (`POST /auth/token`)',
      time: () => programmatic('emulator', path),
    },
    {
      id: 'bare-bin',
      label: 'bare node:http: `node -e` spawned, first 200',
      time: () =>
        timeCommandStart([process.execPath, '-e', BARE_BIN_SOURCE], {
          path: '/',
          headers: {},
          timeoutMs: START_TIMEOUT_MS,
        }),
    },
    {
      id: 'mock-bin',
      label: 'mock: `payments-connect-mock --port 0` spawned, first 200',
      time: () =>
        timeCommandStart([process.execPath, MOCK_BIN, '--port', '0'], {
          path,
          headers: probeHeaders(),
          timeoutMs: START_TIMEOUT_MS,
        }),
    },
  ];
  /** @type {Map<string, { values: number[], failure?: string }>} */
  const times = new Map(starts.map(({ id }) => [id, { values: [] }]));
  // The starts take turns, run after run, so that a busy moment of the machine does not fall on one alone.
  for (let run = 0; run < runs.starts; run += 1) {
    for (const start of starts) {
      const entry = /** @type {{ values: number[], failure?: string }} */ (times.get(start.id));
      if (entry.failure) continue;
      log(`start: ${start.id} ${run + 1}/${runs.starts}`);
      const result = await start.time();
      if (result.firstOkMs === null) entry.failure = result.failure ?? 'no first 200';
      else entry.values.push(result.firstOkMs);
    }
  }
  /** @param {string} id */
  const medianOf = (id) => {
    const entry = times.get(id);
    return entry && !entry.failure && entry.values.length > 0 ? summarize(entry.values).median : undefined;
  };
  const floors = { mock: 'bare', emulator: 'bare', 'mock-bin': 'bare-bin' };
  const rows = starts.map(({ id, label }) => {
    const entry = /** @type {{ values: number[], failure?: string }} */ (times.get(id));
    if (entry.failure) return [label, `failed: ${entry.failure}`, '', ''];
    const summary = summarize(entry.values);
    const floor = medianOf(floors[/** @type {keyof typeof floors} */ (id)] ?? '');
    return [
      label,
      formatDuration(summary.median),
      `${formatDuration(summary.min)} to ${formatDuration(summary.max)} (${summary.count})`,
      floor === undefined ? '(the floor)' : formatRatio(summary.median / floor),
    ];
  });
  const markdown = [
    'Each start in a fresh Node process. Programmatic: from before the package is imported (Node already running, as',
    'in a test suite) to the first 200 of `GET /v1/rfi/{rfiId}`. Bin: from the spawn of `node <bin>` to the first 200',
    'at the URL it prints (npx adds its own start-up on top). The first request is sent with node:http, not fetch,',
    `whose first call loads undici. Medians of ${formatRuns(runs.starts)}, the kinds taking turns.`,
    '',
    markdownTable(['Start', 'Median', 'Range (runs)', 'vs bare'], rows, { align: ['l', 'r', 'l', 'r'] }),
  ].join('\n');
  const failure = (/** @type {string} */ id) => times.get(id)?.failure ?? 'no run';
  return {
    id: 'start',
    title: 'Server start to the first 200',
    markdown,
    targets: [
      checkAtMost({
        target: `Mock start to first 200 <= ${TARGET_MS.programmatic} ms, programmatic (import and \`startMock()\`)`,
        value: medianOf('mock'),
        limit: TARGET_MS.programmatic,
        format: formatDuration,
        missing: failure('mock'),
      }),
      checkAtMost({
        target: `Mock start to first 200 <= ${TARGET_MS.bin} ms through its bin`,
        value: medianOf('mock-bin'),
        limit: TARGET_MS.bin,
        format: formatDuration,
        missing: failure('mock-bin'),
      }),
    ],
  };
}

/**
 * @param {'bare' | 'mock' | 'emulator'} kind
 * @param {string} path what the mock is asked for
 */
function programmatic(kind, path) {
  return timeProgrammaticStart(kind, { path, timeoutMs: START_TIMEOUT_MS });
}
