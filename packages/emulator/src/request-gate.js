import { RefusalError } from '@payments-connect/contract/control';

/**
 * @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation
 * @typedef {import('@payments-connect/contract').Refusal} Refusal
 */

/**
 * The emulator's gate, the stage the pipeline asks once the operation is known and the bearer token well formed,
 * before the media type, the parameters and the body are checked: a token the emulator issued and that has not
 * expired on its clock (`token-issuer.js`, else 401), then a fault injected for the operation, the call's `AccountId`
 * and its path values (`fault-injector.js`), so that a fault answers only callers the service would have answered,
 * and only those of the test that asked for it.
 * @param {import('@payments-connect/contract').Contract} contract
 * @param {{ tokens: import('./token-issuer.js').TokenIssuer, faults: import('./fault-injector.js').FaultInjector }}
 *   services
 * @returns {import('@payments-connect/contract/server').Gate}
 */
export function createRequestGate(contract, { tokens, faults }) {
  return (operation, headers, pathParams) => {
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
    const fault = faults.take(operation.operationId, headers.accountid?.[0]?.trim(), pathParams);
    return fault && { status: fault.status, headers: fault.headers, body: /** @type {any} */ (fault.body) };
  };
}
