import { sendRequests } from '../load/send-requests.js';
import { requireAllOk } from '../load/wrk.js';
import { markdownTable } from '../report/markdown-table.js';
import { checkAtMost } from '../report/targets.js';
import { formatBytes, formatCount } from '../report/units.js';
import { notMeasured } from '../section-result.js';
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
 * Section: the mock's memory (resident set, and heap after a full garbage collection) after each of three rounds of
 * 10,000 requests.
 * @type {import('../section-result.js').Section}
 */
export async function benchMemory({ log }) {
  const section = { id: 'memory', title: 'Mock memory under load' };
  /** @type {Array<{ rss: number, heapUsed: number }>} */
  const rounds = [];
  try {
    const mock = await startSubject('mock');
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        log(`memory: round ${round + 1}/${ROUNDS} of ${formatCount(REQUESTS_PER_ROUND)} requests`);
        const sent = await sendRequests(mock.target, { connections: CONNECTIONS, count: REQUESTS_PER_ROUND });
        requireAllOk(sent, `round ${round + 1}`);
        rounds.push(await mock.memory());
      }
    } finally {
      await mock.stop();
    }
  } catch (error) {
    return notMeasured(section, error, targets);
  }
  const rows = rounds.map(({ rss, heapUsed }, index) => [
    `${formatCount(REQUESTS_PER_ROUND * (index + 1))} requests`,
    formatBytes(rss),
    formatBytes(heapUsed),
  ]);
  const markdown = [
    `Rounds of exactly ${formatCount(REQUESTS_PER_ROUND)} requests (\`GET /v1/rfi/{rfiId}\`, ${CONNECTIONS} keep-alive`,
    "connections from the bench's own process: a count, not a rate, is what matters here), each followed by the",
    "mock's resident set and its heap after a full garbage collection (it runs with `--expose-gc`). The heap tells a",
    'leak; the resident set is what the machine gives.',
    '',
    markdownTable(['After', 'RSS', 'Heap after GC'], rows, { align: ['l', 'r', 'r'] }),
  ].join('\n');
  return { ...section, markdown, targets: targets(undefined, rounds) };
}

/**
 * @param {string} [missing] why there are no figures
 * @param {Array<{ rss: number, heapUsed: number }>} [rounds]
 */
function targets(missing, [first, ...rest] = []) {
  const last = rest.at(-1);
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
      value: first && last ? last.heapUsed - first.heapUsed : undefined,
      limit: HEAP_GROWTH_ALLOWANCE_BYTES,
      format: (bytes) => `${bytes >= 0 ? '+' : '-'}${formatBytes(Math.abs(bytes))}`,
      missing,
    }),
  ];
}
