import { JOURNAL_BODY_BYTES } from '@payments-connect/contract/server';

/** @typedef {import('./consumer-recordings.js').ObservedExchange} ObservedExchange */
/** @typedef {import('./consumer-recordings.js').ObservedBody} ObservedBody */

/**
 * A line of a journal, as `--journal FILE` of the mock, the emulator or any server of the contract's pipeline writes
 * it (`JournalEntry` of `@payments-connect/contract/server`). A journal keeps the target, the status and both bodies as
 * text, and of the headers only `AccountId`: the others are unknown to the gate, and the answer's `Content-Type` is
 * inferred from the body.
 * @type {import('./consumer-recordings.js').LineReader}
 */
export const journalEntryReader = {
  format: 'journal entry',
  recognises: (record) => 'target' in record && 'method' in record,
  read(record) {
    const { method, target, status, operationId, accountId, requestBody, answerBody, truncated } = record;
    if (typeof method !== 'string' || !/^[A-Za-z]+$/.test(method)) return 'method must be an HTTP method';
    if (typeof target !== 'string' || target === '') return 'target must be the path and query as sent';
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 0 || status > 999)
      return 'status must be an HTTP status, or 0 for none';
    for (const [field, value] of Object.entries({ operationId, accountId, requestBody, answerBody })) {
      if (value !== undefined && value !== null && typeof value !== 'string') return `${field} must be text or null`;
    }
    if (truncated !== undefined && typeof truncated !== 'boolean') return 'truncated must be true or false';
    const violations = Array.isArray(record.requestViolations) ? record.requestViolations : [];
    // A request refused for its head was answered before its body was read: null says nothing of what it sent.
    const refusedUnread = violations.some((v) => /** @type {any} */ (v)?.location !== 'body');
    const cut = truncated === true;
    return {
      method: method.toUpperCase(),
      target,
      operationId: typeof operationId === 'string' ? operationId : null,
      status,
      requestHeaders: {
        values: /** @type {Record<string, string>} */ (typeof accountId === 'string' ? { accountid: accountId } : {}),
        known: ['accountid'],
      },
      requestBody:
        typeof requestBody === 'string' && requestBody !== ''
          ? journaledBody(requestBody, cut)
          : refusedUnread
            ? { text: '', complete: false }
            : null,
      answerHeaders: { values: {}, known: [] },
      answerBody: typeof answerBody === 'string' && answerBody !== '' ? journaledBody(answerBody, cut) : null,
      // Status 0: the client went away first. An upstream failure: the proxy's own answer, not the API's.
      answered: status !== 0 && record.upstreamFailure === undefined,
    };
  },
};

/**
 * A body as a journal kept it. `truncated` says one of the entry's bodies was cut at {@link JOURNAL_BODY_BYTES}; a
 * body that long is the one (a cut may split a character, which then counts up to 3 bytes less).
 * @param {string} text
 * @param {boolean} truncated
 * @returns {ObservedBody}
 */
function journaledBody(text, truncated) {
  return { text, complete: !(truncated && Buffer.byteLength(text) >= JOURNAL_BODY_BYTES - 3) };
}
