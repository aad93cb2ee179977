import { autocannonGenerator } from '../load/load-generator.js';
import { requireAllOk } from '../load/load-result.js';
import { markdownTable } from '../report/markdown-table.js';
import { checkAtMost } from '../report/targets.js';
import { formatBytes, formatCount, formatRatio } from '../report/units.js';
import { startSubject } from '../servers/start-subject.js';

/** The targets of issue 18: the mock's resident memory after 10,000 requests, and no growth over three rounds. */
const RSS_TARGET_BYTES = 100 * 1024 * 1024;
const REQUESTS_PER_ROUND = 10_000;
const ROUNDS = 3;
/**
 * Growth of the heap after a full garbage collection, from the first round to the last, still counted as none: a
 * leak of 50 bytes per request would pass 1 MiB over the 20,000 requests between them.
 */
const HEAP_GROWTH_ALLOWANCE_BYTES = 1024 * 1024;
const CONNECTIONS = 16;

/**
 * Section: the mock's memory (resident set and heap after a full garbage collection) after each of three rounds of
 * 10,000 requests, beside a bare node:http server served the same rounds.
 * @param {import('../bench-context.js').BenchContext} context
 * @returns {Promise<import('../report/render-report.js').SectionResult>}
 */
export async function benchMemory({ log }) {
  const section = { id: 'memory', title: 'Mock memory under load' };
  /** @type {Map<string, Array<{ rss: number, heapUsed: number }>>} */
  const rounds = new Map([
    ['bare', []],
    ['mock', []],
  ]);
  // A round is a number of requests, which autocannon sends (wrk runs for a time).
  const generator = autocannonGenerator();
  try {
    for (const kind of /** @type {const} */ (['bare', 'mock'])) {
      const subject = await startSubject(kind);
      try {
        for (let round = 0; round < ROUNDS; round += 1) {
          log(`memory: ${kind}, round ${round + 1}/${ROUNDS} of ${formatCount(REQUESTS_PER_ROUND)} requests`);
          const result = await generator.run(subject.target, { connections: CONNECTIONS, amount: REQUESTS_PER_ROUND });
          requireAllOk(result, `${kind} round ${round + 1}`);
          rounds.get(kind)?.push(await subject.memory());
        }
      } finally {
        await subject.stop();
      }
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ...section, markdown: `Not measured: ${reason}`, targets: memoryTargets([], reason) };
  }
  const bare = /** @type {Array<{ rss: number, heapUsed: number }>} */ (rounds.get('bare'));
  const mock = /** @type {Array<{ rss: number, heapUsed: number }>} */ (rounds.get('mock'));
  const rows = mock.map((figures, index) => [
    `${formatCount(REQUESTS_PER_ROUND * (index + 1))} requests`,
    formatBytes(figures.rss),
    formatRatio(figures.rss / (bare[index]?.rss ?? Number.NaN)),
    formatBytes(figures.heapUsed),
    formatBytes(bare[index]?.rss ?? 0),
    formatBytes(bare[index]?.heapUsed ?? 0),
  ]);
  const markdown = [
    `Rounds of ${formatCount(REQUESTS_PER_ROUND)} requests (\`GET /v1/rfi/{rfiId}\`, ${CONNECTIONS} connections, from`,
    `${generator.label}), then the server's resident set and its heap after a full garbage collection (the server runs`,
    'with `--expose-gc`). The heap tells a leak; the resident set is what the machine gives.',
    '',
    markdownTable(['After', 'Mock RSS', 'vs bare', 'Mock heap', 'Bare RSS', 'Bare heap'], rows, {
      align: ['l', 'r', 'r', 'r', 'r', 'r'],
    }),
  ].join('\n');
  return { ...section, markdown, targets: memoryTargets(mock) };
}

/**
 * @param {Array<{ rss: number, heapUsed: number }>} mock
 * @param {string} [missing]
 */
function memoryTargets(mock, missing) {
  const [first, , last] = mock;
  const growth = first && last ? last.heapUsed - first.heapUsed : undefined;
  return [
    checkAtMost({
      target: `Mock RSS <= 100 MiB after ${formatCount(REQUESTS_PER_ROUND)} requests`,
      value: first?.rss,
      limit: RSS_TARGET_BYTES,
      format: formatBytes,
      missing,
    }),
    checkAtMost({
      target: `Mock: no growth over ${ROUNDS} rounds (heap after GC, last round vs first, <= 1 MiB)`,
      value: growth,
      limit: HEAP_GROWTH_ALLOWANCE_BYTES,
      format: (bytes) => `${bytes >= 0 ? '+' : '-'}${formatBytes(Math.abs(bytes))}`,
      missing,
    }),
  ];
}
