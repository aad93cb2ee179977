import { sendRequests } from '../load/send-requests.js';
import { requireAllOk } from '../load/wrk.js';
import { markdownTable } from '../report/markdown-table.js';
import { checkAtMost } from '../report/targets.js';
import { formatBytes, formatCount } from '../report/units.js';
import { notMeasured } from '../section-result.js';
import { startSubject } from '../servers/start-subject.js';

/**
 * The targets: the mock's resident memory after its first round, and no growth of either server's heap from the first
 * round to the last, with every request journaled. The journal keeps its last 10,000 entries, so that from the end of
 * the first round on it holds as much as it ever will: what grows after that leaks.
 */
const RSS_TARGET_BYTES = 100 * 1024 * 1024;
const REQUESTS_PER_ROUND = 10_000;
const ROUNDS = 10;
/**
 * Growth of the heap after a full garbage collection, from the first round to the last, still counted as none: a
 * leak of 12 bytes per request would pass 1 MiB over the 90,000 requests between them.
 */
const HEAP_GROWTH_ALLOWANCE_BYTES = 1024 * 1024;
const CONNECTIONS = 16;
/** The servers measured. */
const SUBJECTS = /** @type {const} */ (['mock', 'emulator']);

/**
 * Section: the memory of the mock and the emulator (resident set, and heap after a full garbage collection) after
 * each of ten rounds of 10,000 requests: 100,000 journaled requests each.
 * @type {import('../section-result.js').Section}
 */
export async function benchMemory({ log }) {
  const section = { id: 'memory', title: 'Memory under load, every request journaled' };
  /** @type {Map<string, Array<{ rss: number, heapUsed: number }>>} */
  const rounds = new Map(SUBJECTS.map((kind) => [kind, []]));
  try {
    for (const kind of SUBJECTS) {
      const subject = await startSubject(kind);
      try {
        for (let round = 0; round < ROUNDS; round += 1) {
          log(`memory: ${kind}, round ${round + 1}/${ROUNDS} of ${formatCount(REQUESTS_PER_ROUND)} requests`);
          const sent = await sendRequests(subject.target, { connections: CONNECTIONS, count: REQUESTS_PER_ROUND });
          requireAllOk(sent, `${kind}, round ${round + 1}`);
          rounds.get(kind)?.push(await subject.memory());
        }
      } finally {
        await subject.stop();
      }
    }
  } catch (error) {
    return notMeasured(section, error, targets);
  }
  const rows = SUBJECTS.flatMap((kind) =>
    (rounds.get(kind) ?? []).map(({ rss, heapUsed }, index) => [
      kind,
      `${formatCount(REQUESTS_PER_ROUND * (index + 1))} requests`,
      formatBytes(rss),
      formatBytes(heapUsed),
    ]),
  );
  const markdown = [
    `Rounds of exactly ${formatCount(REQUESTS_PER_ROUND)} requests (\`GET /v1/rfi/{rfiId}\`, ${CONNECTIONS} keep-alive`,
    "connections from the bench's own process: a count, not a rate, is what matters here), each followed by the",
    "server's resident set and its heap after a full garbage collection (it runs with `--expose-gc`). Every request",
    'is journaled (the default journal: its last 10,000 entries, full from the first round on). The heap tells a',
    'leak; the resident set is what the machine gives.',
    '',
    markdownTable(['Server', 'After', 'RSS', 'Heap after GC'], rows, { align: ['l', 'l', 'r', 'r'] }),
  ].join('\n');
  return { ...section, markdown, targets: targets(undefined, rounds) };
}

/**
 * @param {string} [missing] why there are no figures
 * @param {Map<string, Array<{ rss: number, heapUsed: number }>>} [rounds]
 */
function targets(missing, rounds = new Map()) {
  const total = formatCount(REQUESTS_PER_ROUND * ROUNDS);
  const growth = (/** @type {string} */ kind) => {
    const [first, ...rest] = rounds.get(kind) ?? [];
    const last = rest.at(-1);
    return checkAtMost({
      target:
        `${kind === 'mock' ? 'Mock' : 'Emulator'}: memory flat over ${total} journaled requests ` +
        '(heap after GC, last round vs first, <= 1 MiB)',
      value: first && last ? last.heapUsed - first.heapUsed : undefined,
      limit: HEAP_GROWTH_ALLOWANCE_BYTES,
      format: (bytes) => `${bytes >= 0 ? '+' : '-'}${formatBytes(Math.abs(bytes))}`,
      missing,
    });
  };
  return [
    checkAtMost({
      target: `Mock RSS <= 100 MiB after ${formatCount(REQUESTS_PER_ROUND)} requests`,
      value: rounds.get('mock')?.[0]?.rss,
      limit: RSS_TARGET_BYTES,
      format: formatBytes,
      missing,
    }),
    ...SUBJECTS.map(growth),
  ];
}
