import { createWriteStream } from 'node:fs';
import { RefusalError } from '../../control/refusal-error.js';

/** How many requests a journal keeps unless told otherwise: the oldest go first. */
export const DEFAULT_JOURNAL_SIZE = 10_000;

/** The most bytes of a request or answer body an entry keeps; the rest is cut, and the entry says so. */
export const JOURNAL_BODY_BYTES = 64 * 1024;

/** What a credential in a journaled body is replaced by. */
const REDACTED = '[redacted]';

/** The fields of the token exchange that are credentials: its request's secret, its answer's token. */
const CREDENTIAL_FIELDS = ['clientSecret', 'access_token'];

/** The kinds of violation the summary lists for one operation: the rest are counted, not listed (bounded memory). */
export const MAX_CAUSES_PER_OPERATION = 10;

/** A letter, digit or mark: what words are made of, to tell a value standing alone from the letters of a word. */
const WORD_START = /^[\p{L}\p{N}\p{M}]/u;
const WORD_END = /[\p{L}\p{N}\p{M}]$/u;

/**
 * @typedef {import('../../contract.js').ContractOperation} ContractOperation
 * @typedef {import('../pipeline/publish-exchange.js').Exchange} Exchange
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
 * @typedef {object} JournalFilter which entries to list; every criterion given must hold
 * @property {string} [operationId]
 * @property {number} [status]
 * @property {string} [accountId]
 * @property {string} [tenantId] a server with tenants (the emulator's): the requests of that tenant, as the server
 *   tells them apart (`requestsOfTenant`); a server without tenants refuses it
 * @property {string} [since] an ISO 8601 time: entries that arrived at it or later
 */

/**
 * @typedef {object} JournalOptions
 * @property {number} [size] how many entries are kept, the oldest dropped first (default 10,000)
 * @property {string} [file] a file each entry is appended to as one JSON line as it happens (a CI artifact)
 */

/**
 * @typedef {object} ServerSummary every exchange since start, whatever the journal dropped or forgot
 * @property {number} exchanges
 * @property {number} violations of the contract, by requests and answers together
 * @property {number} upstreamFailures exchanges a proxy answered itself because its upstream failed (no violations)
 * @property {Record<string, { exchanges: number, violations: number }>} byOperation by operationId
 *   (`(no operation)` for a request that matched none)
 * @property {ViolationCause[]} causes the kinds of violation seen, by operation in the order first seen: at most 10 an
 *   operation (its `violations` in `byOperation` count the rest too)
 */

/**
 * @typedef {object} ViolationCause one kind of violation: one place broken by one rule, on one side of an operation
 * @property {string} operationId as in `byOperation`
 * @property {'request' | 'answer'} side
 * @property {string} location where, as the violation says (`body`, `header`, `query`, `status`)
 * @property {string} name the place (`questions/0/questionId`, `Content-Type`, `418`)
 * @property {string} rule
 * @property {string} message the sentence of its first occurrence
 * @property {number} count how many violations of this kind since start
 */

/**
 * A server's request journal: every request the pipeline judged, refused ones included, with what broke the contract
 * on either side, in bounded memory. The `Authorization` header is never kept, nor the credentials of the token
 * exchange (its `clientSecret` and `access_token`, replaced by `[redacted]`).
 * @param {JournalOptions} [options]
 */
export function createRequestJournal({ size = DEFAULT_JOURNAL_SIZE, file } = {}) {
  if (!Number.isInteger(size) || size < 1) throw new TypeError(`journal size must be a positive integer, got ${size}`);
  /** @type {JournalEntry[]} a ring: `next` is where the next entry goes once it is full */
  const ring = [];
  let next = 0;
  let recorded = 0;
  let dropped = 0;
  /** @type {Map<string, { exchanges: number, violations: number }>} every exchange since start, by operation */
  const totals = new Map();
  /** @type {Map<string, Map<string, ViolationCause>>} the kinds of violation of each operation, by side, place, rule */
  const causes = new Map();
  let upstreamFailures = 0;
  /**
   * @param {string} operationId
   * @param {ViolationCause['side']} side
   * @param {ReadonlyArray<{ location: string, name: string, rule: string, message: string }>} violations
   */
  const countCauses = (operationId, side, violations) => {
    if (violations.length === 0) return;
    const kinds = causes.get(operationId) ?? new Map();
    causes.set(operationId, kinds);
    for (const { location, name, rule, message } of violations) {
      const kind = JSON.stringify([side, location, name, rule]);
      const cause = kinds.get(kind);
      if (cause) cause.count += 1;
      else if (kinds.size < MAX_CAUSES_PER_OPERATION)
        kinds.set(kind, { operationId, side, location, name, rule, message, count: 1 });
    }
  };
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
  const stream = file === undefined ? undefined : createWriteStream(file, { flags: 'a' });
  /** @type {Error | undefined} */
  let streamError;
  stream?.on('error', (error) => {
    streamError = error;
  });

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
      const total = totals.get(key) ?? { exchanges: 0, violations: 0 };
      total.exchanges += 1;
      total.violations += entry.requestViolations.length + entry.answerViolations.length;
      totals.set(key, total);
      countCauses(key, 'request', entry.requestViolations);
      countCauses(key, 'answer', entry.answerViolations);
      if (entry.upstreamFailure !== undefined) upstreamFailures += 1;
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
      stream?.write(`${JSON.stringify(kept)}\n`);
    },
    /**
     * The entries kept that pass the filter, oldest first.
     * @param {JournalFilter} [filter]
     * @returns {JournalEntry[]}
     */
    entries({ operationId, status, accountId, since } = {}) {
      const from = since === undefined ? undefined : Date.parse(since);
      return inOrder().filter(
        (entry) =>
          (operationId === undefined || entry.operationId === operationId) &&
          (status === undefined || entry.status === status) &&
          (accountId === undefined || entry.accountId === accountId) &&
          (from === undefined || Date.parse(entry.time) >= from),
      );
    },
    /**
     * Every exchange since start, whatever was dropped or cleared: how many, their violations by operation and kind,
     * and the upstream failures of a proxy.
     * @returns {ServerSummary}
     */
    summary() {
      const byOperation = Object.fromEntries([...totals].map(([key, total]) => [key, { ...total }]));
      const all = [...totals.values()];
      return {
        exchanges: all.reduce((sum, total) => sum + total.exchanges, 0),
        violations: all.reduce((sum, total) => sum + total.violations, 0),
        upstreamFailures,
        byOperation,
        causes: [...causes.values()].flatMap((kinds) => [...kinds.values()].map((cause) => ({ ...cause }))),
      };
    },
    /** How many entries were dropped to keep within the size, since start or the last clear. */
    get dropped() {
      return dropped;
    },
    size,
    /** Forgets every entry (the file keeps what it has). */
    clear() {
      ring.length = 0;
      lastRequestBodies.clear();
      lastAnswerBodies.clear();
      next = 0;
      dropped = 0;
    },
    /**
     * Flushes and closes the file, if there is one.
     * @returns {Promise<void>}
     * @throws {Error} when the file could not be written
     */
    async close() {
      if (!stream) return;
      await new Promise((resolve) => stream.end(resolve));
      if (streamError) throw new Error(`cannot write the journal ${file}: ${streamError.message}`);
    },
  };
}

/** @typedef {ReturnType<typeof createRequestJournal>} RequestJournal */

/**
 * The journal as a listener of the pipeline's exchanges (`publish-exchange.js`): each exchange becomes an entry.
 * Only the token exchange carries credentials: its bodies and violations are kept redacted
 * ({@link journaledTokenExchange}); every other exchange's are kept as they are, with no copy.
 * @param {RequestJournal} journal
 * @param {ContractOperation | undefined} tokenOperation the contract's token exchange
 * @returns {(exchange: Exchange) => void}
 */
export function journalExchanges(journal, tokenOperation) {
  return (exchange) => {
    const {
      request,
      operation,
      requestBody,
      requestViolations,
      answerViolations,
      answerText,
      upstreamFailure,
      replayed,
    } = exchange;
    const token =
      operation !== undefined && operation === tokenOperation
        ? journaledTokenExchange({ request: requestBody, answer: answerText, requestViolations, answerViolations })
        : undefined;
    const requestKept = token ? token.requestBody : journaledBody(requestBody, false);
    const answerKept = token ? token.answerBody : journaledBody(answerText, false);
    const accountId = request.headersDistinct.accountid;
    /** @type {Omit<JournalEntry, 'id'>} */
    const entry = {
      time: exchange.time,
      method: request.method ?? 'GET',
      target: request.url ?? '/',
      operationId: operation?.operationId ?? null,
      accountId: accountId === undefined ? null : accountId.join(', '),
      status: exchange.status,
      requestViolations: token ? token.requestViolations : requestViolations,
      answerViolations: token ? token.answerViolations : answerViolations,
      durationMs: exchange.durationMs,
      requestBody: requestKept.text,
      answerBody: answerKept.text,
      truncated: requestKept.truncated || answerKept.truncated,
      notes: exchange.notes,
    };
    if (upstreamFailure !== undefined) entry.upstreamFailure = upstreamFailure;
    if (replayed !== undefined) entry.replayed = { file: replayed.file, line: replayed.line };
    journal.record(entry);
  };
}

/**
 * A body as a journal keeps it: text, cut at {@link JOURNAL_BODY_BYTES}, with the token exchange's credentials
 * replaced.
 * @param {Uint8Array | string | undefined} body
 * @param {boolean} holdsCredentials the body of the token exchange, whose request and answer carry credentials
 * @param {string[]} [credentials] their values, replaced wherever they stand as a whole value in the body's strings: an
 *   answer may echo the secret it was sent (see {@link journaledTokenExchange})
 * @returns {{ text: string | null, truncated: boolean }}
 */
export function journaledBody(body, holdsCredentials, credentials = []) {
  if (body === undefined || body.length === 0) return { text: null, truncated: false };
  // A text that cannot reach the limit (at most 3 bytes a UTF-16 unit) is kept as it is: no copy for the common case.
  if (typeof body === 'string' && body.length * 3 <= JOURNAL_BODY_BYTES)
    return { text: holdsCredentials ? redactCredentials(body, credentials) : body, truncated: false };
  const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.length);
  const truncated = bytes.length > JOURNAL_BODY_BYTES;
  const text = bytes.subarray(0, JOURNAL_BODY_BYTES).toString('utf8');
  return { text: holdsCredentials ? redactCredentials(text, credentials) : text, truncated };
}

/**
 * @template {{ rule: string, message: string }} RequestViolation
 * @template {{ rule: string, message: string }} AnswerViolation
 * @typedef {object} TokenExchange a token exchange, as a journal is told of it or keeps it
 * @property {{ text: string | null, truncated: boolean }} requestBody
 * @property {{ text: string | null, truncated: boolean }} answerBody
 * @property {RequestViolation[]} requestViolations
 * @property {AnswerViolation[]} answerViolations
 */

/**
 * What a journal keeps of the token exchange, whose request and answer carry credentials: its request's `clientSecret`
 * and its answer's `access_token` replaced in their fields, and wherever else the bodies or the violations' messages
 * echo them as a value (a sandbox's 401 that names the secret it refused). A body that does not parse may hold one
 * where it cannot be found: it is not kept, nor quoted in a violation, and neither is the answer to a request that
 * does not parse (a refusal that quotes what did not parse).
 * @template {{ rule: string, message: string }} RequestViolation
 * @template {{ rule: string, message: string }} AnswerViolation
 * @param {{ request: Uint8Array | undefined, answer: string | undefined, requestViolations: RequestViolation[],
 *   answerViolations: AnswerViolation[] }} exchange
 * @returns {TokenExchange<RequestViolation, AnswerViolation>}
 */
export function journaledTokenExchange({ request, answer, requestViolations, answerViolations }) {
  const requestText = request === undefined || request.length === 0 ? undefined : Buffer.from(request).toString('utf8');
  const requestValue = requestText === undefined ? undefined : parsedObject(requestText);
  const answerValue = answer === undefined ? undefined : parsedObject(answer);
  /** @type {string[]} */
  const credentials = [];
  for (const value of [requestValue, answerValue]) {
    for (const field of CREDENTIAL_FIELDS) {
      const credential = value?.[field];
      if (typeof credential === 'string' && credential.length > 0) credentials.push(credential);
    }
  }
  /** @template {{ rule: string, message: string }} V @param {V[]} violations @returns {V[]} */
  const kept = (violations) =>
    violations.map((violation) => ({
      ...violation,
      message:
        violation.rule === 'json'
          ? 'the body is not JSON (not quoted: the token exchange carries credentials)'
          : redactValues(violation.message, credentials),
    }));
  const unreadRequest = requestText !== undefined && requestValue === undefined;
  return {
    requestBody: journaledBody(request, true, credentials),
    answerBody:
      unreadRequest && answer ? { text: REDACTED, truncated: false } : journaledBody(answer, true, credentials),
    requestViolations: kept(requestViolations),
    answerViolations: kept(answerViolations),
  };
}

/**
 * `text` with each of `values` replaced by `[redacted]` where it stands as a whole value: the whole text, or delimited
 * by what is no letter, digit or mark (quotes, spaces, punctuation, `_`). Never inside a longer word: a secret `client`
 * leaves `clientId` as it is, so a message keeps reading and the marks do not spell out the secret's letters.
 * @param {string} text
 * @param {string[]} values
 */
export function redactValues(text, values) {
  let redacted = text;
  // The longest first: a value that holds another is replaced whole.
  for (const value of [...values].sort((a, b) => b.length - a.length)) {
    if (value.length === 0) continue;
    const wordAtStart = WORD_START.test(value);
    const wordAtEnd = WORD_END.test(value);
    let kept = '';
    let from = 0;
    let at = redacted.indexOf(value);
    while (at !== -1) {
      const end = at + value.length;
      const joined =
        (wordAtStart && WORD_END.test(redacted.slice(Math.max(0, at - 2), at))) ||
        (wordAtEnd && WORD_START.test(redacted.slice(end, end + 2)));
      if (joined) at = redacted.indexOf(value, at + 1);
      else {
        kept += `${redacted.slice(from, at)}${REDACTED}`;
        from = end;
        at = redacted.indexOf(value, end);
      }
    }
    redacted = kept + redacted.slice(from);
  }
  return redacted;
}

/**
 * A JSON body with its credentials replaced, the fields that hold them and their values wherever else they stand; a
 * body that is no JSON object is kept out whole, since a credential in it could not be found.
 * @param {string} text
 * @param {string[]} credentials
 */
function redactCredentials(text, credentials) {
  const value = parsedObject(text);
  if (!value) return REDACTED;
  for (const field of CREDENTIAL_FIELDS) if (field in value) value[field] = REDACTED;
  return JSON.stringify(value, (_, member) =>
    typeof member === 'string' && credentials.length > 0 ? redactValues(member, credentials) : member,
  );
}

/**
 * @param {string} text
 * @returns {Record<string, unknown> | undefined} the JSON object `text` holds; undefined for anything else
 */
function parsedObject(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

/**
 * A journal filter from a query string (`?operationId=getRfiCase&status=200`), checked.
 * @param {URLSearchParams} query
 * @returns {JournalFilter}
 * @throws {RefusalError} 400 naming a criterion that is unknown or malformed
 */
export function journalFilterOf(query) {
  /** @type {JournalFilter} */
  const filter = {};
  for (const [name, value] of query) {
    if (name === 'operationId' || name === 'accountId' || name === 'tenantId') filter[name] = value;
    else if (name === 'status') {
      if (!/^\d{3}$/.test(value) && value !== '0')
        throw new RefusalError(400, `status must be an HTTP status, got ${value}`);
      filter.status = Number(value);
    } else if (name === 'since') {
      if (Number.isNaN(Date.parse(value))) throw new RefusalError(400, `since must be an ISO 8601 time, got ${value}`);
      filter.since = value;
    } else throw new RefusalError(400, `unknown filter ${name}: use operationId, status, accountId or since`);
  }
  return filter;
}
