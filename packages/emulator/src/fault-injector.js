import { ERROR_CODES } from './api-error.js';

/**
 * @typedef {object} FaultSpec
 * @property {string} operationId the spec operation that answers with the fault
 * @property {number} status HTTP status to answer with
 * @property {unknown} [body] JSON body; an ErrorEnvelope for the status when left out
 * @property {Record<string, string>} [headers] e.g. `{ "Retry-After": "1" }`
 * @property {number} [times] how many calls answer with the fault (default 1)
 */

/**
 * Canned answers for the next calls of an operation, so tests can see the documented statuses the
 * emulator's behaviour never produces on its own (429, 500) and how a client recovers from them.
 * @param {Set<string>} operationIds the spec's operations; a fault for anything else is refused
 */
export function createFaultInjector(operationIds) {
  /** @type {Map<string, Array<Required<Omit<FaultSpec, 'operationId'>>>>} */
  const pending = new Map();

  return {
    /**
     * @param {FaultSpec} fault
     * @returns {string | undefined} why the fault is refused, or undefined when it was added
     */
    add({ operationId, status, body, headers = {}, times = 1 }) {
      if (!operationIds.has(operationId)) return `operationId '${operationId}' is not an operation of the spec`;
      if (!Number.isInteger(status) || status < 100 || status > 599) return 'status must be an HTTP status code';
      if (!Number.isInteger(times) || times < 1) return 'times must be a positive integer';
      const answer =
        body === undefined
          ? {
              code: ERROR_CODES[/** @type {keyof typeof ERROR_CODES} */ (status)] ?? `HTTP_${status}`,
              message: `Injected fault: ${status}`,
            }
          : body;
      const queue = pending.get(operationId) ?? [];
      queue.push({ status, body: answer, headers, times });
      pending.set(operationId, queue);
      return undefined;
    },
    /**
     * Takes the next fault for an operation, if any.
     * @param {string} operationId
     */
    take(operationId) {
      const queue = pending.get(operationId);
      const next = queue?.[0];
      if (!queue || !next) return undefined;
      next.times -= 1;
      if (next.times === 0) queue.shift();
      return { status: next.status, body: next.body, headers: next.headers };
    },
    clear() {
      pending.clear();
    },
  };
}

/** @typedef {ReturnType<typeof createFaultInjector>} FaultInjector */
