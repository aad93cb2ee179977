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

/** @typedef {{ wants: (r: EventRecord) => boolean, resolve: (e: EmulatorEvent) => void, timer: any }} Waiter */

/**
 * The events of every tenant, in the order emitted, each POSTed as JSON to its tenant's webhook URL once (no retry:
 * the document shows no retry policy, so the emulator assumes none). Deliveries to one URL go one at a time in order;
 * deliveries to different URLs (different tenants' receivers) do not wait for each other. A tenant's events are those
 * of its accounts. A test may also take a tenant's events as they come (`next`), without a receiver of its own.
 * @param {{ checkPayload: (event: EmulatorEvent) => void, random: import('./random-source.js').RandomSource }} options
 */
export function createEventLog({ checkPayload, random }) {
  let records = /** @type {EventRecord[]} */ ([]);
  /** @type {WeakSet<EventRecord>} the records `next` gave out, or that happened before a restore */
  const taken = new WeakSet();
  const waiters = /** @type {Set<Waiter>} */ (new Set());
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

  /** @param {Iterable<string>} [accountIds] @returns {(record: EventRecord) => boolean} */
  const ofAccounts = (accountIds) => {
    const accounts = new Set(accountIds);
    return (record) => accountIds === undefined || accounts.has(record.event.accountId);
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
      records.push(record);
      const before = webhookUrl && (queues.get(webhookUrl) ?? Promise.resolve());
      if (before)
        queues.set(
          /** @type {string} */ (webhookUrl),
          before.then(() => deliver(record, webhookUrl)),
        );
      const waiter = [...waiters].find((candidate) => candidate.wants(record));
      if (waiter) {
        taken.add(record);
        waiters.delete(waiter);
        clearTimeout(waiter.timer);
        waiter.resolve(structuredClone(event));
      }
      return event;
    },
    /** @param {Iterable<string>} [accountIds] The events recorded, with their delivery: all, or those accounts'. */
    list: (accountIds) => records.filter(ofAccounts(accountIds)).map((record) => structuredClone(record)),
    /** @param {Iterable<string>} [accountIds] Forgets every event, or those of the given accounts. */
    clear(accountIds) {
      const dropped = ofAccounts(accountIds);
      records = records.filter((record) => !dropped(record));
    },
    /** Resolves once every delivery started so far has finished. */
    settled: async () => {
      await Promise.all(queues.values());
    },
    /**
     * The next event of a tenant's accounts (of a type, if given) that no call took yet: one recorded already, or the
     * next within `timeoutMs` (408 otherwise). Race-free: an event emitted before the call is not missed.
     * @param {Iterable<string>} accountIds @param {{ type?: string, timeoutMs: number, whose: string }} wanted
     * @returns {Promise<EmulatorEvent>}
     */
    next(accountIds, { type, timeoutMs, whose }) {
      const ofTenant = ofAccounts(accountIds);
      /** @param {EventRecord} record */
      const wants = (record) =>
        ofTenant(record) && !taken.has(record) && (type === undefined || record.event.type === type);
      const found = records.find(wants);
      if (found) {
        taken.add(found);
        return Promise.resolve(structuredClone(found.event));
      }
      return new Promise((resolve, reject) => {
        /** @type {Waiter} */
        const waiter = {
          wants,
          resolve,
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
    /**
     * Puts back the events of a snapshot (checked): all of them, or, with accounts, those of one tenant in place of its
     * own. None is delivered again, nor given to `next`: a snapshot restores what happened, it does not replay it.
     * @param {EventRecord[]} restored
     * @param {Iterable<string>} [accountIds]
     */
    restore(restored, accountIds) {
      const dropped = ofAccounts(accountIds);
      const copies = structuredClone(restored);
      for (const record of copies) taken.add(record);
      records = [...records.filter((record) => !dropped(record)), ...copies];
    },
  };
}

/** @typedef {ReturnType<typeof createEventLog>} EventLog */
