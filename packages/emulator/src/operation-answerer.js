import { RefusalError } from '@payments-connect/contract/server';
import { notFound } from './refusals.js';

/**
 * @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation
 * @typedef {import('@payments-connect/contract').Refusal} Refusal
 * @typedef {Omit<import('./operations/context.js').OperationContext,
 *   'params' | 'query' | 'accountId' | 'account' | 'body' | 'parts'>} Services what every handler may use
 */

/**
 * How the emulator answers, for the request pipeline of the contract:
 * - `screen`, run once the operation is known and the bearer token well formed, before the parameters and the body
 *   are checked: a token the emulator issued and that has not expired, then an injected fault (so that a fault
 *   answers only callers the service would have answered);
 * - `answer`, for a request that keeps the contract: the account its `AccountId` names (404 for none, so that
 *   another account's existence is not revealed), then the operation's handler, on the emulator's state.
 * @param {import('@payments-connect/contract').Contract} contract
 * @param {Record<string, import('./operations/context.js').OperationHandler>} handlers by operationId
 * @param {Services & { faults: import('./fault-injector.js').FaultInjector }} services
 * @returns {{ screen: (operation: ContractOperation, headers: Record<string, string[] | undefined>) =>
 *   Refusal | undefined, answer: import('@payments-connect/contract/server').Answerer }}
 */
export function createOperationAnswerer(contract, handlers, { store, tokens, events, now, config, faults }) {
  /**
   * @param {ContractOperation} operation
   * @param {Record<string, string[] | undefined>} headers
   * @returns {Refusal | undefined}
   */
  function screen(operation, headers) {
    try {
      if (operation.requiresBearer) {
        const token = String(headers.authorization?.[0])
          .replace(/^Bearer +/i, '')
          .trim();
        tokens.verify(token);
      }
    } catch (error) {
      if (error instanceof RefusalError) return error.toRefusal(contract, operation);
      throw error;
    }
    const fault = faults.take(operation.operationId);
    return fault && { status: fault.status, headers: fault.headers, body: /** @type {any} */ (fault.body) };
  }

  /** @type {import('@payments-connect/contract/server').Answerer} */
  function answer({ operation, values }) {
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
  }

  return { screen, answer };
}
