/** The most calls one injected fault may answer. */
const MAX_FAULT_TIMES = 1000;

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
 * @param {import('@payments-connect/contract').Contract} contract a fault may name only its operations
 */
export function createFaultInjector(contract) {
  /** @type {Map<string, Array<Required<Omit<FaultSpec, 'operationId'>>>>} */
  const pending = new Map();

  return {
    /**
     * @param {FaultSpec} fault
     * @returns {string | undefined} why the fault is refused, or undefined when it was added
     */
    add({ operationId, status, body, headers = {}, times = 1 }) {
      const operation = contract.operation(String(operationId));
      if (!operation) return `operationId '${operationId}' is not an operation of the spec`;
      // A fault stands in for a failure of the service: an error status, never an informational or success one.
      if (!Number.isInteger(status) || status < 400 || status > 599)
        return 'status must be an error status (400 to 599)';
      if (!Number.isInteger(times) || times < 1 || times > MAX_FAULT_TIMES) {
        return `times must be an integer from 1 to ${MAX_FAULT_TIMES}`;
      }
      if (
        headers === null ||
        typeof headers !== 'object' ||
        Object.values(headers).some((v) => typeof v !== 'string')
      ) {
        return 'headers must be an object of strings';
      }
      const answer =
        body === undefined
          ? { code: contract.errorCode(status, operation), message: `Injected fault: ${status}` }
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
