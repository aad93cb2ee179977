import { STATUS_CODES } from 'node:http';
import { describeFetchFailure, RefusalError } from '@payments-connect/contract/control';
import { WEBHOOK_DELIVERY_TIMEOUT_MS } from './defaults.js';

/**
 * Event names the emulator emits. The document names only the kinds `v1.rfi.case.*` and
 * `v1.rfi.document.*`; these full names and the payload below are the emulator's own design.
 */
export const EVENT_TYPES = Object.freeze({
  caseCreated: 'v1.rfi.case.created',
  caseAnswered: 'v1.rfi.case.answered',
  caseItemApproved: 'v1.rfi.case.item_approved',
  documentAttached: 'v1.rfi.document.attached',
});

/** Marks every payload as designed by the emulator, since the document shows no payload. */
export const EVENT_DESIGNED_BY = 'payments-connect-emulator';

/**
 * @typedef {{ id: string, type: string, createdAt: string, accountId: string, designedBy: string,
 *   data: Record<string, unknown> }} EmulatorEvent an event: `type` one of EVENT_TYPES, `createdAt` on its tenant's
 *   clock (ISO 8601), `designedBy` always EVENT_DESIGNED_BY
 */

/** @typedef {'not-configured' | 'pending' | 'delivered' | 'failed'} DeliveryState */

/**
 * @typedef {{ event: EmulatorEvent, delivery: { state: DeliveryState, httpStatus?: number, error?: string } }}
 *   EventRecord an event and its delivery: `httpStatus` what the receiver answered; `error` why a delivery failed
 *   (`answered 500 Internal Server Error`, `connection refused: …`, `DNS lookup failed: …`, `timed out: …`)
 */

/**
 * @typedef {{ wants: (r: EventRecord) => boolean, resolve: (e: EmulatorEvent) => void, reject: (e: Error) => void,
 *   timer: any }} Waiter
 */
/** @typedef {{ seq: number, record: EventRecord }} Logged an event of a log, numbered in the order of every tenant's */

/**
 * What the tenants' event logs share: the deliveries, each event POSTed as JSON to its tenant's webhook URL once (no
 * retry: the document shows no retry policy, so the emulator assumes none), one at a time in order to each URL, while
 * deliveries to different URLs (different tenants' receivers) do not wait for each other; and the order of every
 * event emitted, so that the emulator's events list in the order they happened, whatever tenant they are of.
 * @param {{ checkPayload: (event: EmulatorEvent) => void, random: import('./random-source.js').RandomSource }} options
 */
export function createEventDeliveries({ checkPayload, random }) {
  let emitted = 0;
  const queues = /** @type {Map<string, Promise<void>>} the deliveries under way, by URL */ (new Map());

  /** @param {EventRecord} record @param {string} url */
  async function deliver(record, url) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-payments-connect-event': record.event.type },
        body: JSON.stringify(record.event),
        signal: AbortSignal.timeout(WEBHOOK_DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      const { status } = response;
      record.delivery = response.ok
        ? { state: 'delivered', httpStatus: status }
        : { state: 'failed', httpStatus: status, error: `answered ${status} ${STATUS_CODES[status] ?? ''}`.trim() };
    } catch (error) {
      // fetch says only `fetch failed`: the cause (refused, DNS, timed out) is what the test's author needs.
      record.delivery = { state: 'failed', error: describeFetchFailure(error, WEBHOOK_DELIVERY_TIMEOUT_MS) };
    }
  }

  const shared = {
    /** The number of the next event, in the order of every tenant's. */
    next: () => (emitted += 1),
    checkPayload,
    random,
    /** @param {EventRecord} record @param {string} url Queues its delivery behind those to the same URL. */
    send(record, url) {
      queues.set(
        url,
        (queues.get(url) ?? Promise.resolve()).then(() => deliver(record, url)),
      );
    },
  };
  return {
    /** A tenant's event log: its world's. */
    createLog: () => createEventLog(shared),
    /** Resolves once every delivery started so far has finished. */
    settled: async () => {
      await Promise.all(queues.values());
    },
  };
}

/** @typedef {ReturnType<typeof createEventDeliveries>} EventDeliveries */

/**
 * The events of one tenant's world, in the order emitted: each recorded with its delivery, and delivered to the
 * tenant's webhook URL, if it has one. A test may also take them as they come (`next`), without a receiver of its own.
 * @param {{ next: () => number, send: (record: EventRecord, url: string) => void,
 *   checkPayload: (event: EmulatorEvent) => void, random: import('./random-source.js').RandomSource }} shared
 */
function createEventLog({ next: number, send, checkPayload, random }) {
  /** @type {Logged[]} */
  let logged = [];
  /** @type {WeakSet<EventRecord>} the records `next` gave out, or that happened before a restore */
  const taken = new WeakSet();
  const waiters = /** @type {Set<Waiter>} */ (new Set());
  /** @param {Iterable<string>} [accountIds] @returns {(entry: Logged) => boolean} */
  const ofAccounts = (accountIds) => {
    const accounts = new Set(accountIds);
    return ({ record }) => accountIds === undefined || accounts.has(record.event.accountId);
  };

  return {
    /**
     * Records an event of an account and delivers it to the URL of its tenant, if it has one.
     * @param {{ type: string, accountId: string, data: Record<string, unknown>, now: number, webhookUrl?: string }} of
     * @returns {EmulatorEvent}
     */
    emit({ type, accountId, data, now, webhookUrl }) {
      const createdAt = new Date(now).toISOString();
      /** @type {EmulatorEvent} */
      const event = { id: `evt_${random.uuid()}`, type, createdAt, accountId, designedBy: EVENT_DESIGNED_BY, data };
      checkPayload(event);
      /** @type {EventRecord} */
      const record = { event, delivery: { state: webhookUrl ? 'pending' : 'not-configured' } };
      logged.push({ seq: number(), record });
      if (webhookUrl) send(record, webhookUrl);
      const waiter = [...waiters].find((candidate) => candidate.wants(record));
      if (waiter) {
        taken.add(record);
        waiters.delete(waiter);
        clearTimeout(waiter.timer);
        waiter.resolve(structuredClone(event));
      }
      return event;
    },
    /** @param {Iterable<string>} [accountIds] The events, numbered: all of the tenant's, or those accounts'. */
    logged: (accountIds) => logged.filter(ofAccounts(accountIds)),
    /** @param {Iterable<string>} [accountIds] Forgets every event, or those of the given accounts. */
    clear(accountIds) {
      const dropped = ofAccounts(accountIds);
      logged = logged.filter((entry) => !dropped(entry));
    },
    /**
     * The tenant's next event (of a type, if given) that no call took yet: one recorded already, or the next within
     * `timeoutMs` (408 otherwise). Race-free: an event emitted before the call is not missed.
     * @param {{ type?: string, timeoutMs: number, whose: string }} wanted
     * @returns {Promise<EmulatorEvent>}
     */
    next({ type, timeoutMs, whose }) {
      /** @param {EventRecord} record */
      const wants = (record) => !taken.has(record) && (type === undefined || record.event.type === type);
      const found = logged.find(({ record }) => wants(record));
      if (found) {
        taken.add(found.record);
        return Promise.resolve(structuredClone(found.record.event));
      }
      return new Promise((resolve, reject) => {
        /** @type {Waiter} */
        const waiter = {
          wants,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            reject(new RefusalError(408, `no ${type ?? 'event'} of ${whose} came within ${timeoutMs} ms`));
          }, timeoutMs),
        };
        // A wait never keeps the process alive: an emulator stopped meanwhile ends with its process.
        waiter.timer.unref();
        waiters.add(waiter);
      });
    },
    /** @param {Error} why Ends every wait: the tenant's world is dropped, and no event of it will come. */
    close(why) {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(why);
      }
      waiters.clear();
    },
    /**
     * Puts back the events of a snapshot (checked) in place of the tenant's. None is delivered again, nor given to
     * `next`: a snapshot restores what happened, it does not replay it.
     * @param {EventRecord[]} restored
     */
    restore(restored) {
      logged = structuredClone(restored).map((record) => {
        taken.add(record);
        return { seq: number(), record };
      });
    },
  };
}

/** @typedef {ReturnType<typeof createEventLog>} EventLog */

/**
 * The events of several logs (every tenant's, or some) in the order they were emitted, copied.
 * @param {Array<Logged[]>} logs @returns {EventRecord[]}
 */
export function inOrder(logs) {
  return logs
    .flat()
    .sort((a, b) => a.seq - b.seq)
    .map(({ record }) => structuredClone(record));
}
