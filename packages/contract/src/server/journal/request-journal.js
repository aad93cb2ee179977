// The file a journal appends to: Node's file system; a platform without one (a browser) refuses a file.
import { appendedFile } from '#journal-file';
import { journalEntryTest } from './journal-filter.js';
import { createServerSummary } from './server-summary.js';

/** How many requests a journal keeps unless told otherwise: the oldest go first. */
export const DEFAULT_JOURNAL_SIZE = 10_000;

/**
 * @typedef {import('./journal-filter.js').JournalFilter} JournalFilter
 * @typedef {import('./server-summary.js').ServerSummary} ServerSummary
 */

/**
 * @typedef {object} JournalEntry one request a server received, as the pipeline judged and answered it
 * @property {number} id its place in the order of arrival, from 1
 * @property {string} time when it arrived (ISO 8601)
 * @property {string} method
 * @property {string} target the path and query as sent
 * @property {string | null} operationId the operation it matched, null for none
 * @property {string | null} accountId its `AccountId` header, null for none
 * @property {number} status the answer's status; 0 when the client went away before it was answered
 * @property {Array<{ location: string, name: string, rule: string, message: string, expected?: string }>}
 *   requestViolations how the request broke the contract (those of its refusal); empty when it kept it
 * @property {Array<{ location: 'status' | 'header' | 'body', name: string, rule: string, message: string,
 *   expected?: string }>} answerViolations how the answer broke the contract, in the shape of `requestViolations`:
 *   the status, header or place in the body (`questions/0/questionId`), the rule, a sentence; empty when it kept it,
 *   and when the server made no answer to check (an `upstreamFailure`)
 * @property {number} durationMs from its arrival to its answer, in ms
 * @property {string | null} requestBody the body as text, at most 64 KiB; null when none was read
 * @property {string | null} answerBody likewise for the answer
 * @property {boolean} truncated a body was longer than 64 KiB, and was cut
 * @property {string[]} notes what else the server says of it (a `Prefer` it applied or ignored)
 * @property {string} [upstreamFailure] a proxy's only: why it answered in the upstream's place (502: the upstream
 *   could not be reached or broke off; 504: it took too long). Such an answer is the proxy's own: no violation, but no
 *   verdict on the upstream either
 * @property {{ file: string, line: number }} [replayed] a mock replaying a recording's only: the recorded answer it
 *   answered with, its file and line (from 1)
 */

/**
 * @typedef {object} JournalOptions
 * @property {number} [size] how many entries are kept, the oldest dropped first (default 10,000)
 * @property {string} [file] a file each entry is appended to as one JSON line as it happens (a CI artifact)
 */

/**
 * A server's request journal: every request the pipeline judged, refused ones included, with what broke the contract
 * on either side, in bounded memory, and appended to a file as it happens when asked. What it is told holds no
 * credential: the `Authorization` header is never kept, and the token exchange's are redacted before
 * (`journal-exchanges.js`).
 * @param {JournalOptions} [options]
 */
export function createRequestJournal({ size = DEFAULT_JOURNAL_SIZE, file } = {}) {
  if (!Number.isInteger(size) || size < 1) throw new TypeError(`journal size must be a positive integer, got ${size}`);
  /** @type {JournalEntry[]} a ring: `next` is where the next entry goes once it is full */
  const ring = [];
  let next = 0;
  let recorded = 0;
  let dropped = 0;
  const totals = createServerSummary();
  /** @type {Map<string, string>} the last request body kept of each operation */
  const lastRequestBodies = new Map();
  /** @type {Map<string, string>} the last answer body kept of each operation */
  const lastAnswerBodies = new Map();
  /**
   * The body's text, or the same text an entry before kept: a server that answers an operation with the same bytes
   * every time (the mock) then holds them once, not once an entry (memory, a target of BENCHMARKS.md).
   * @param {Map<string, string>} lastBodies
   * @param {string} key the operation
   * @param {string | null} text
   */
  const shared = (lastBodies, key, text) => {
    if (text === null) return null;
    const last = lastBodies.get(key);
    if (last === text) return last;
    lastBodies.set(key, text);
    return text;
  };
  const appended = file === undefined ? undefined : appendedFile(file);

  /** The entries, oldest first. */
  const inOrder = () => (ring.length < size ? ring : [...ring.slice(next), ...ring.slice(0, next)]);

  return {
    /**
     * Keeps an entry (its id is given here), and appends it to the file.
     * @param {Omit<JournalEntry, 'id'>} entry
     */
    record(entry) {
      recorded += 1;
      const key = entry.operationId ?? '(no operation)';
      totals.count(key, entry);
      // Every field named, not spread: a spread builds a slow object on every request.
      /** @type {JournalEntry} */
      const kept = {
        id: recorded,
        time: entry.time,
        method: entry.method,
        target: entry.target,
        operationId: entry.operationId,
        accountId: entry.accountId,
        status: entry.status,
        requestViolations: entry.requestViolations,
        answerViolations: entry.answerViolations,
        durationMs: entry.durationMs,
        requestBody: shared(lastRequestBodies, key, entry.requestBody),
        answerBody: shared(lastAnswerBodies, key, entry.answerBody),
        truncated: entry.truncated,
        notes: entry.notes,
      };
      if (entry.upstreamFailure !== undefined) kept.upstreamFailure = entry.upstreamFailure;
      if (entry.replayed !== undefined) kept.replayed = entry.replayed;
      if (ring.length < size) ring.push(kept);
      else {
        ring[next] = kept;
        next = (next + 1) % size;
        dropped += 1;
      }
      appended?.append(kept);
    },
    /**
     * The entries kept that pass the filter, oldest first.
     * @param {JournalFilter} [filter]
     * @returns {JournalEntry[]}
     */
    entries(filter = {}) {
      return inOrder().filter(journalEntryTest(filter));
    },
    /**
     * Every exchange since start, whatever was dropped or cleared: how many, their violations by operation and kind,
     * and the upstream failures of a proxy.
     * @returns {ServerSummary}
     */
    summary: () => totals.summary(),
    /** How many entries were dropped to keep within the size, since start or the last clear. */
    get dropped() {
      return dropped;
    },
    size,
    /**
     * Forgets every entry, or those `which` picks (a tenant's, when the tenant is deleted); the file keeps what it has.
     * @param {(entry: JournalEntry) => boolean} [which]
     */
    clear(which) {
      const kept = which === undefined ? [] : inOrder().filter((entry) => !which(entry));
      ring.length = 0;
      for (const entry of kept) ring.push(entry);
      next = 0;
      if (which !== undefined) return;
      lastRequestBodies.clear();
      lastAnswerBodies.clear();
      dropped = 0;
    },
    /**
     * Flushes and closes the file, if there is one.
     * @returns {Promise<void>}
     * @throws {Error} when the file could not be written
     */
    close: async () => appended?.close(),
  };
}

/** @typedef {ReturnType<typeof createRequestJournal>} RequestJournal */
