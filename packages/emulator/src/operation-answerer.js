import { RefusalError } from '@payments-connect/contract/server';
import { notFound } from './refusals.js';

/**
 * @typedef {Omit<import('./operations/context.js').OperationContext,
 *   'params' | 'query' | 'accountId' | 'account' | 'body' | 'parts'>} Services what every handler may use
 */

/**
 * How the emulator answers a request that keeps the contract: the account its `AccountId` names (404 for none, so
 * that another account's existence is not revealed), then the operation's handler, on the emulator's state.
 * @param {Record<string, import('./operations/context.js').OperationHandler>} handlers by operationId
 * @param {Services} services
 * @returns {import('@payments-connect/contract/server').Answerer}
 */
export function createOperationAnswerer(handlers, { store, tokens, events, now, config }) {
  return ({ operation, values }) => {
    const accountId = typeof values.header.AccountId === 'string' ? values.header.AccountId.trim() : undefined;
    const account = accountId === undefined ? undefined : store.account(accountId);
    if (accountId !== undefined && !account) throw notFound(`account ${accountId}`);
    const handler = handlers[operation.operationId];
    if (!handler) throw new RefusalError(500, `the emulator has no handler for ${operation.operationId}`);
    // Every member named, not spread from the services: a spread builds a slow object on every request.
    return handler({
      store,
      tokens,
      events,
      now,
      config,
      params: /** @type {Record<string, string>} */ (values.path),
      query: values.query,
      body: values.body,
      parts: values.parts,
      accountId: accountId ?? '',
      account,
    });
  };
}
