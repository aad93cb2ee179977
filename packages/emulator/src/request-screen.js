import { RefusalError } from '@payments-connect/contract/server';

/**
 * @typedef {import('@payments-connect/contract').Contract} Contract
 * @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation
 * @typedef {import('@payments-connect/contract').Refusal} Refusal
 */

/**
 * The emulator's gate, which the pipeline runs once the operation is known and the bearer token well formed, before
 * the parameters and the body are checked: a token the emulator issued and that has not expired, then an injected
 * fault (so that a fault answers only callers the service would have answered).
 * @param {Contract} contract
 * @param {import('./token-issuer.js').TokenIssuer} tokens
 * @param {import('./fault-injector.js').FaultInjector} faults
 * @returns {(operation: ContractOperation, headers: Record<string, string[] | undefined>) => Refusal | undefined}
 */
export function createRequestScreen(contract, tokens, faults) {
  return (operation, headers) => {
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
  };
}
