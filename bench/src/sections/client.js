import { existsSync } from 'node:fs';
import { createStubFetch } from '../clients/answer-exchange.js';
import { REQUEST_CANDIDATES } from '../clients/request-candidates.js';
import { loadSampleExchange } from '../clients/sample-exchange.js';
import { timeInterleaved } from '../measure/interleaved-timing.js';
import { markdownTable } from '../report/markdown-table.js';
import { checkAtMost } from '../report/targets.js';
import { formatDuration, formatRange, formatRatio } from '../report/units.js';
import { notMeasured } from '../section-result.js';
import { startSubject } from '../servers/start-subject.js';
import { BUNDLED_SPEC_JSON } from '../workspace.js';

/** The target: this client costs at most 15% more per request than bare openapi-fetch. */
const OVERHEAD_TARGET_RATIO = 1.15;
/** Calls per batch: enough that timer resolution is noise, few enough for many batches. */
const TRANSPORTS = [
  { id: 'stub', label: 'stubbed fetch', batchSize: 1000, warmupCalls: 2000 },
  { id: 'loopback', label: 'real server on 127.0.0.1', batchSize: 200, warmupCalls: 500 },
];

/**
 * Section: the cost per request of this client and of bare openapi-fetch, timed in interleaved batches over a stubbed
 * fetch (the client's own work) and over a real socket.
 * @type {import('../section-result.js').Section}
 */
export async function benchClient({ runs, log }) {
  const section = { id: 'client', title: 'Client: cost per request' };
  if (!existsSync(BUNDLED_SPEC_JSON)) return notMeasured(section, 'spec/dist/openapi.json is missing', targets);
  const sample = loadSampleExchange();
  // The bare server in a process of its own: serving never shares the event loop whose client work is timed.
  const server = await startSubject('bare');
  /** @type {Map<string, Map<string, { median: number, min: number, max: number, count: number }>>} by transport */
  const timings = new Map();
  try {
    for (const { id, label, batchSize, warmupCalls } of TRANSPORTS) {
      const setup =
        id === 'stub'
          ? { fetch: createStubFetch(sample), baseUrl: 'http://stub.invalid', sample }
          : { fetch: globalThis.fetch, baseUrl: server.baseUrl, sample };
      const subjects = [];
      for (const { name, create } of REQUEST_CANDIDATES) {
        const call = await create(setup);
        // A client that answers something else (an error object, undefined) would be timed doing the wrong work.
        const body = JSON.stringify(await call());
        if (body !== sample.caseBody) throw new Error(`${name} answered ${body?.slice(0, 80)}, not the RFI case`);
        subjects.push({ name, call });
      }
      log(`client: ${label}, ${runs.clientBatches} batches of ${batchSize}`);
      timings.set(id, await timeInterleaved(subjects, { warmupCalls, batches: runs.clientBatches, batchSize }));
    }
  } catch (error) {
    return notMeasured(section, error, targets);
  } finally {
    await server.stop();
  }
  const ratios = TRANSPORTS.map(({ id }) => {
    const [bare, ours] = REQUEST_CANDIDATES.map(({ name }) => timings.get(id)?.get(name)?.median ?? Number.NaN);
    return ours / bare;
  });
  const rows = REQUEST_CANDIDATES.map(({ name }) => [
    name,
    ...TRANSPORTS.map(({ id }) => {
      const timing = timings.get(id)?.get(name);
      return timing ? `${formatDuration(timing.median)}, ${formatRange(timing)}` : 'not measured';
    }),
  ]);
  const batches = TRANSPORTS.map((t) => `${t.batchSize} calls a batch over the ${t.label}`).join(', ');
  const markdown = [
    `One call: \`GET ${sample.path}\` with the bearer token and \`AccountId\`, answered with the spec's example`,
    'RFI case (JSON), body parsed; each client at its defaults (this client: token exchanged once then cached,',
    `retries on, 60 s timeout). Median time per call over ${runs.clientBatches} interleaved batches per transport`,
    `(${batches}), after a warm-up. The stubbed fetch answers a new Response over a prebuilt body: its column is the`,
    "client's own work. The socket column adds an HTTP exchange with a bare node:http server in a process of its own.",
    '',
    markdownTable(
      ['Client', ...TRANSPORTS.map(({ label }) => `${label}: per call, median and range (batches)`)],
      [...rows, ['this client vs openapi-fetch', ...ratios.map(formatRatio)]],
      { align: ['l', 'r', 'r'] },
    ),
  ].join('\n');
  return { ...section, markdown, targets: targets(undefined, ratios) };
}

/**
 * @param {string} [missing] why there are no figures
 * @param {number[]} [ratios] this client's time per call over bare openapi-fetch's, by transport
 */
function targets(missing, ratios = []) {
  return TRANSPORTS.map(({ label }, index) =>
    checkAtMost({
      target: `This client <= ${OVERHEAD_TARGET_RATIO}x bare openapi-fetch, ${label}`,
      value: ratios[index],
      limit: OVERHEAD_TARGET_RATIO,
      format: formatRatio,
      missing,
    }),
  );
}
