import { RefusalError } from '../../control/refusal-error.js';

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
 * The test of an entry against a filter's criteria that the journal judges itself (`tenantId` is the server's).
 * @param {JournalFilter} filter
 * @returns {(entry: { operationId: string | null, status: number, accountId: string | null, time: string }) =>
 *   boolean}
 */
export function journalEntryTest({ operationId, status, accountId, since }) {
  const from = since === undefined ? undefined : Date.parse(since);
  return (entry) =>
    (operationId === undefined || entry.operationId === operationId) &&
    (status === undefined || entry.status === status) &&
    (accountId === undefined || entry.accountId === accountId) &&
    (from === undefined || Date.parse(entry.time) >= from);
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
