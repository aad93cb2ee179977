import { STATUS_CODES } from 'node:http';
import { describeFetchFailure } from '@payments-connect/contract/server';
import { WEBHOOK_DELIVERY_TIMEOUT_MS } from './defaults.js';
import { TERMINAL_RFI_STATUSES } from './seed.js';

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
 * @typedef {object} EmulatorEvent
 * @property {string} id
 * @property {string} type one of EVENT_TYPES
 * @property {string} createdAt ISO 8601
 * @property {string} accountId
 * @property {string} designedBy always EVENT_DESIGNED_BY
 * @property {Record<string, unknown>} data
 */

/** @typedef {'not-configured' | 'pending' | 'delivered' | 'failed'} DeliveryState */

/**
 * @typedef {object} EventRecord
 * @property {EmulatorEvent} event
 * @property {{ state: DeliveryState, httpStatus?: number, error?: string }} delivery `httpStatus` what the receiver
 *   answered; `error` why a failed delivery failed (`answered 500 Internal Server Error`, `connection refused: …`,
 *   `DNS lookup failed: …`, `timed out: no answer within 2000 ms`)
 */

/**
 * Records RFI events and POSTs each as JSON to the configured webhook URL, one at a time in emission
 * order, once (no retry: the document does not show a retry policy, so the emulator assumes none).
 * @param {{ webhookUrl?: string, now: () => number, checkPayload: (event: EmulatorEvent) => void,
 *   random: import('./random-source.js').RandomSource }} options
 */
export function createEventBus({ webhookUrl, now, checkPayload, random }) {
  /** @type {EventRecord[]} */
  let records = [];
  /** @type {Promise<void>} */
  let queue = Promise.resolve();

  /** @param {EventRecord} record */
  async function deliver(record) {
    try {
      const response = await fetch(/** @type {string} */ (webhookUrl), {
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

  /**
   * Emits an event about an RFI case, unless the case is terminal: the document says no
   * `v1.rfi.case.*` or `v1.rfi.document.*` event fires for a CLOSED or CANCELLED case.
   * @param {string} type
   * @param {string} accountId
   * @param {Record<string, any>} rfiCase the case record (`rfiId`, `status`)
   * @param {Record<string, unknown>} [extra]
   * @returns {EmulatorEvent | undefined} the event, or undefined when none fired
   */
  function emitRfiEvent(type, accountId, rfiCase, extra = {}) {
    if (TERMINAL_RFI_STATUSES.includes(rfiCase.status)) return undefined;
    /** @type {EmulatorEvent} */
    const event = {
      id: `evt_${random.uuid()}`,
      type,
      createdAt: new Date(now()).toISOString(),
      accountId,
      designedBy: EVENT_DESIGNED_BY,
      data: { rfiId: rfiCase.rfiId, status: rfiCase.status, ...extra },
    };
    checkPayload(event);
    /** @type {EventRecord} */
    const record = { event, delivery: { state: webhookUrl ? 'pending' : 'not-configured' } };
    records.push(record);
    if (webhookUrl) queue = queue.then(() => deliver(record));
    return event;
  }

  return {
    emitRfiEvent,
    /**
     * Every event emitted since start or the last clear, with its delivery state; with an account, its events only.
     * @param {string} [accountId]
     */
    list: (accountId) =>
      records.filter((r) => accountId === undefined || r.event.accountId === accountId).map((r) => structuredClone(r)),
    /**
     * Forgets every event, or those of the given accounts.
     * @param {Iterable<string>} [accountIds]
     */
    clear(accountIds) {
      const dropped = accountIds === undefined ? undefined : new Set(accountIds);
      records = dropped === undefined ? [] : records.filter((r) => !dropped.has(r.event.accountId));
    },
    /** Resolves once every delivery started so far has finished. */
    settled: () => queue,
    /**
     * Replaces the recorded events with those of a snapshot (checked), each with the delivery state it had there.
     * None is delivered again: a snapshot restores what happened, it does not replay it.
     * @param {EventRecord[]} restored
     */
    restore(restored) {
      records = structuredClone(restored);
    },
  };
}

/** @typedef {ReturnType<typeof createEventBus>} EventBus */
