import { RefusalError } from '@payments-connect/contract/control';
import { CONTROL_PREFIX } from './control-routes.js';
import { notFound } from './refusals.js';

/**
 * @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation
 * @typedef {import('@payments-connect/contract').Refusal} Refusal
 * @typedef {object} Services the emulator's state, which the handlers and its gate act on
 * @property {import('./tenant-worlds.js').TenantWorlds} worlds
 * @property {import('./token-issuer.js').TokenIssuer} tokens
 * @property {import('./fault-injector.js').FaultInjector} faults
 */

/**
 * How the emulator answers a request that keeps the contract, for the answer stage of the pipeline: the account its
 * `AccountId` names (404 for none: another account's existence is not revealed), then the operation's handler on that
 * account's tenant's world. A `Prefer` header is never applied (the state decides): no `Preference-Applied`, and the
 * journal's entry says so. Its gate (`request-gate.js`) has by then judged the token and taken any injected fault.
 * @param {import('@payments-connect/contract').Contract} contract
 * @param {Record<string, import('./operation-handlers.js').OperationHandler>} handlers by operationId
 * @param {Pick<Services, 'worlds' | 'tokens'>} services
 * @returns {import('@payments-connect/contract/server').Answerer}
 */
export function createEmulatorAnswerer(contract, handlers, { worlds, tokens }) {
  /** @type {import('@payments-connect/contract/server').Answerer} */
  function answer(request) {
    const preferred = request.headers.prefer;
    if (preferred === undefined) return answerFromState(request);
    const notes = [
      `Prefer: ${preferred.join(', ')} was not applied: the emulator answers from its state ` +
        `(steer it through ${CONTROL_PREFIX}: faults, cases, tokens)`,
    ];
    try {
      const answering = answerFromState(request);
      return answering instanceof Promise
        ? answering.then(
            (answered) => ({ ...answered, notes }),
            (error) => refusedWith(error, request.operation, notes),
          )
        : { ...answering, notes };
    } catch (error) {
      return refusedWith(error, request.operation, notes);
    }
  }

  /**
   * A refusal the handler threw, answered with the journal's notes (anything else thrown stays a fault of the
   * emulator, answered 500 by the pipeline).
   * @param {unknown} error
   * @param {ContractOperation} operation
   * @param {string[]} notes
   * @returns {import('@payments-connect/contract/server').Answer}
   */
  function refusedWith(error, operation, notes) {
    if (!(error instanceof RefusalError)) throw error;
    return { ...error.toRefusal(contract, operation), notes };
  }

  /**
   * @param {import('@payments-connect/contract/server').AcceptedRequest} request
   * @returns {ReturnType<import('./operation-handlers.js').OperationHandler>}
   */
  function answerFromState({ operation, values }) {
    const accountId = typeof values.header.AccountId === 'string' ? values.header.AccountId.trim() : undefined;
    const world = accountId === undefined ? undefined : worlds.ofAccount(accountId);
    if (accountId !== undefined && !world) throw notFound(`account ${accountId}`);
    const handler = handlers[operation.operationId];
    if (!handler) throw new RefusalError(500, `the emulator has no handler for ${operation.operationId}`);
    // Every member named, not spread: a spread builds a slow object on every request.
    return handler({
      world: /** @type {import('./tenant-worlds.js').TenantWorld} */ (world),
      tokens,
      params: /** @type {Record<string, string>} */ (values.path),
      query: values.query,
      body: values.body,
      parts: values.parts,
      accountId: accountId ?? '',
    });
  }

  return answer;
}
