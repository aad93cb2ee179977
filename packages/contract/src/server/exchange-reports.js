/**
 * @typedef {import('./pipeline/publish-exchange.js').Exchange} Exchange
 * @typedef {import('./journal/request-journal.js').JournalEntry} JournalEntry
 */

/**
 * @typedef {object} AnswerViolation an answer of a server that broke the contract
 * @property {string | undefined} operationId
 * @property {string} method
 * @property {string} path the operation's path template
 * @property {number} status
 * @property {string[]} errors one line each, naming the place (`body/questions/0 must have required property
 *   'questionId'`)
 * @property {JournalEntry['answerViolations']} violations where and how, as the journal has them
 */

/**
 * @typedef {object} UpstreamFailure an exchange a proxy answered itself, its upstream having failed to
 * @property {string | null} operationId the operation of the request, null for none
 * @property {string} method
 * @property {string} target the path and query as sent
 * @property {number} status 502 (the upstream could not be reached or broke off) or 504 (it took too long)
 * @property {string} message what happened (`the upstream http://127.0.0.1:9 cannot be reached: ECONNREFUSED`)
 */

/**
 * @typedef {object} ExchangeReports what a server's user is told of as it happens
 * @property {(violation: AnswerViolation) => void} [onViolation] an answer that broke the contract
 * @property {(failure: UpstreamFailure) => void} [onUpstreamFailure] an exchange the upstream failed
 * @property {(entry: { operationId: string, status: number }) => void} [onUndocumented] an error answer of an
 *   operation that documents no error status (see `check-answer.js`)
 */

/**
 * The reports a server's options ask for, as a listener of the pipeline's exchanges (`publish-exchange.js`).
 * @param {ExchangeReports} reports
 * @returns {((exchange: Exchange) => void) | undefined} undefined when none is asked for
 */
export function reportExchanges({ onViolation, onUpstreamFailure, onUndocumented }) {
  if (!onViolation && !onUpstreamFailure && !onUndocumented) return undefined;
  return ({ request, operation, answeredStatus: status, answerViolations, undocumented, upstreamFailure }) => {
    if (operation && undocumented) onUndocumented?.({ operationId: operation.operationId, status });
    if (upstreamFailure !== undefined) {
      const { method = 'GET', url = '/' } = request;
      const operationId = operation?.operationId ?? null;
      onUpstreamFailure?.({ operationId, method, target: url, status, message: upstreamFailure });
    }
    if (operation && answerViolations.length > 0) {
      const { operationId, method, path } = operation;
      const errors = answerViolations.map((violation) => violation.message);
      onViolation?.({ operationId, method, path, status, errors, violations: answerViolations });
    }
  };
}
