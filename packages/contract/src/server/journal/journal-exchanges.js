import { journaledBody } from './journaled-body.js';
import { journaledTokenExchange } from './journaled-token-exchange.js';

/**
 * @typedef {import('../../contract.js').ContractOperation} ContractOperation
 * @typedef {import('../pipeline/publish-exchange.js').Exchange} Exchange
 * @typedef {import('./request-journal.js').JournalEntry} JournalEntry
 * @typedef {import('./request-journal.js').RequestJournal} RequestJournal
 */

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
    const requestKept = token ? token.requestBody : journaledBody(requestBody);
    const answerKept = token ? token.answerBody : journaledBody(answerText);
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
