/** The kinds of violation the summary lists for one operation: the rest are counted, not listed (bounded memory). */
export const MAX_CAUSES_PER_OPERATION = 10;

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

/** A violation as the summary counts it: where, by which rule, in which words the first time. */
/** @typedef {{ location: string, name: string, rule: string, message: string }} CountedViolation */

/**
 * The summary of every exchange a server answered since start, whatever its journal dropped or forgot: how many, their
 * violations by operation and kind (at most {@link MAX_CAUSES_PER_OPERATION} kinds an operation), and a proxy's
 * upstream failures.
 */
export function createServerSummary() {
  /** @type {Map<string, { exchanges: number, violations: number }>} every exchange since start, by operation */
  const totals = new Map();
  /** @type {Map<string, Map<string, ViolationCause>>} the kinds of violation of each operation, by side, place, rule */
  const causes = new Map();
  let upstreamFailures = 0;
  /**
   * @param {string} operationId
   * @param {ViolationCause['side']} side
   * @param {ReadonlyArray<CountedViolation>} violations
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
  return {
    /**
     * Counts one exchange.
     * @param {string} operationId `(no operation)` for a request that matched none
     * @param {{ requestViolations: ReadonlyArray<CountedViolation>, answerViolations: ReadonlyArray<CountedViolation>,
     *   upstreamFailure?: string }} entry
     */
    count(operationId, { requestViolations, answerViolations, upstreamFailure }) {
      const total = totals.get(operationId) ?? { exchanges: 0, violations: 0 };
      total.exchanges += 1;
      total.violations += requestViolations.length + answerViolations.length;
      totals.set(operationId, total);
      countCauses(operationId, 'request', requestViolations);
      countCauses(operationId, 'answer', answerViolations);
      if (upstreamFailure !== undefined) upstreamFailures += 1;
    },
    /** @returns {ServerSummary} */
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
  };
}
