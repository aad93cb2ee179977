import { existsSync } from 'node:fs';
import { createStubFetch } from '../clients/answer-exchange.js';
import { requestCandidates } from '../clients/request-candidates.js';
import { loadSampleExchange } from '../clients/sample-exchange.js';
import { timeInterleaved } from '../measure/interleaved-timing.js';
import { markdownTable } from '../report/markdown-table.js';
import { checkAtMost } from '../report/targets.js';
import { formatDuration, formatRatio } from '../report/units.js';
import { startSubject } from '../servers/start-subject.js';
import { BUNDLED_SPEC_JSON } from '../workspace.js';

/**
 * Each client's figure per transport: a timing, or why there is none.
 * @typedef {Map<string, Map<string, string | { median: number, min: number, max: number, count: number }>>} Figures
 */

/** The issue's target: this client costs at most 15% more per request than bare openapi-fetch. */
const OVERHEAD_TARGET_RATIO = 1.15;
/** Never contacted: the stubbed fetch answers before any I/O. */
const STUB_BASE_URL = 'http://stub.invalid';
const BASELINE = 'plain fetch';
const OUR_CLIENT = '@payments-connect/client';
const BARE_OPENAPI_FETCH = 'openapi-fetch (bare)';

/**
 * Calls per batch: enough that timer resolution is noise, few enough for many batches.
 * @type {Array<{ transport: import('../clients/request-candidates.js').Transport, label: string, short: string,
 *   batchSize: number, warmupCalls: number }>}
 */
const TRANSPORTS = [
  {
    transport: 'stub',
    label: 'stubbed fetch (pure overhead)',
    short: 'stubbed fetch',
    batchSize: 1000,
    warmupCalls: 2000,
  },
  {
    transport: 'loopback',
    label: 'node:http on 127.0.0.1',
    short: 'real server on 127.0.0.1',
    batchSize: 200,
    warmupCalls: 500,
  },
];

/**
 * Section 2: per-request cost of plain fetch, bare openapi-fetch, this client, a hey-api generated client
 * and axios, over a stubbed fetch and over a real socket, with ratios to plain fetch.
 * @param {import('../bench-context.js').BenchContext} context
 * @returns {Promise<import('../report/render-report.js').SectionResult>}
 */
export async function benchClient(context) {
  const section = { id: 'client', title: 'Client: cost per request', targets: [] };
  if (!existsSync(BUNDLED_SPEC_JSON)) {
    return {
      ...section,
      markdown: 'Not measured: spec/dist/openapi.json is missing (run `pnpm build`).',
      targets: overheadTargets(new Map()),
    };
  }
  const sample = loadSampleExchange();
  const heyApi = await context.heyApiClient();
  const candidates = requestCandidates({ heyApiModule: heyApi.client?.runtimeModule });
  // The bare node:http server of the servers section, in a process of its own: serving never shares the event loop
  // whose client work is timed.
  const server = await startSubject('bare');
  /** @type {Figures} */
  const figures = new Map(candidates.map(({ name }) => [name, new Map()]));
  try {
    for (const { transport, label, batchSize, warmupCalls } of TRANSPORTS) {
      const setup =
        transport === 'stub'
          ? { fetch: createStubFetch(sample), baseUrl: STUB_BASE_URL, sample }
          : { fetch: globalThis.fetch, baseUrl: server.baseUrl, sample };
      const subjects = [];
      for (const candidate of candidates) {
        if (!candidate.transports.includes(transport)) {
          figures.get(candidate.name)?.set(transport, 'not applicable: does not call fetch');
          continue;
        }
        try {
          const call = await candidate.create(setup);
          await assertAnswersTheCase(call, sample);
          subjects.push({ name: candidate.name, call });
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          figures.get(candidate.name)?.set(transport, `not measured: ${reason}`);
        }
      }
      context.log(
        `client: ${label}, ${subjects.length} clients x ${context.runs.clientBatches} batches of ${batchSize}`,
      );
      const timings = await timeInterleaved(subjects, { warmupCalls, batches: context.runs.clientBatches, batchSize });
      for (const [name, timing] of timings) figures.get(name)?.set(transport, timing);
    }
  } finally {
    await server.stop();
  }

  const rows = candidates.map(({ name }) => [
    name,
    ...TRANSPORTS.flatMap(({ transport }) => cells(figures, name, transport)),
  ]);
  const heyApiNote = heyApi.client
    ? 'The hey-api client was generated from spec/dist/openapi.json into a temporary directory in ' +
      `${formatDuration(heyApi.client.generateMs)} (never committed).`
    : `The hey-api client: not measured: ${heyApi.error}.`;
  const markdown = [
    `One call: \`GET ${sample.path}\` with the bearer token and \`AccountId\`, answered with the spec's example`,
    'RFI case (JSON), body parsed. Each client as its documentation shows it, at its defaults (this client: token',
    'exchange once then cached, retries on, 60 s timeout). Median time per call over',
    `${context.runs.clientBatches} interleaved batches per transport (${TRANSPORTS.map(
      (t) => `${t.batchSize} calls per batch ${t.transport === 'stub' ? 'stubbed' : 'over the socket'}`,
    ).join(', ')}),`,
    'after a warm-up. The stubbed fetch returns a new Response over a prebuilt body, so its column is the',
    "client's own work; the socket column adds a real HTTP exchange with a node:http server on 127.0.0.1 (in a",
    'child process, so serving does not share the event loop being timed).',
    heyApiNote,
    '',
    markdownTable(['Client', ...TRANSPORTS.flatMap(({ label }) => [`${label}: per call`, 'vs plain fetch'])], rows, {
      align: ['l', 'r', 'r', 'r', 'r'],
    }),
  ].join('\n');
  return { ...section, markdown, targets: overheadTargets(figures) };
}

/**
 * @param {Figures} figures
 * @param {string} name
 * @param {string} transport
 */
function cells(figures, name, transport) {
  const figure = figures.get(name)?.get(transport);
  if (typeof figure === 'string' || figure === undefined) return [figure ?? 'not measured', ''];
  const baseline = figures.get(BASELINE)?.get(transport);
  const ratio = typeof baseline === 'object' ? formatRatio(figure.median / baseline.median) : '';
  return [`${formatDuration(figure.median)} (${formatDuration(figure.min)} to ${formatDuration(figure.max)})`, ratio];
}

/** @param {Figures} figures */
function overheadTargets(figures) {
  return TRANSPORTS.map(({ transport, short }) => {
    const ours = figures.get(OUR_CLIENT)?.get(transport);
    const bare = figures.get(BARE_OPENAPI_FETCH)?.get(transport);
    const measured = typeof ours === 'object' && typeof bare === 'object';
    return checkAtMost({
      target: `This client <= ${OVERHEAD_TARGET_RATIO}x bare openapi-fetch, ${short}`,
      value: measured ? ours.median / bare.median : null,
      limit: OVERHEAD_TARGET_RATIO,
      format: formatRatio,
      missing: typeof ours === 'string' ? ours.replace(/^not measured: /, '') : 'the client was not measured',
    });
  });
}

/**
 * A client that answers something else (an error object, undefined) would be timed doing the wrong work.
 * @param {() => Promise<unknown>} call
 * @param {import('../clients/sample-exchange.js').SampleExchange} sample
 */
async function assertAnswersTheCase(call, sample) {
  const body = await call();
  if (JSON.stringify(body) !== sample.caseBody)
    throw new Error(`it answered ${JSON.stringify(body)?.slice(0, 80)} instead of the RFI case`);
}
