/**
 * @typedef {import('../contract.js').Contract} Contract
 * @typedef {import('../contract.js').Refusal} Refusal
 * @typedef {import('../contract.js').ContractOperation} ContractOperation
 */

/**
 * An error a server's answer function (or a control route) throws to refuse a request: the pipeline sends it in the
 * service's error envelope `{ code, message, details? }`, with the code the contract gives its status
 * (`contract.errorCode`). Anything else thrown is a fault of the server, answered 500.
 */
export class RefusalError extends Error {
  /**
   * @param {number} status an error status
   * @param {string} message the envelope's message
   * @param {{ details?: unknown, headers?: Record<string, string> }} [extra] `details` as the envelope carries them,
   *   headers of the answer (`Allow`, `WWW-Authenticate`)
   */
  constructor(status, message, extra = {}) {
    super(message);
    this.name = 'RefusalError';
    this.status = status;
    this.details = extra.details;
    this.headers = extra.headers ?? {};
  }

  /**
   * The answer, with the code the contract gives the status.
   * @param {Contract} contract
   * @param {ContractOperation} [operation]
   * @returns {Refusal}
   */
  toRefusal(contract, operation) {
    const code = contract.errorCode(this.status, operation);
    return {
      status: this.status,
      headers: this.headers,
      body:
        this.details === undefined
          ? { code, message: this.message }
          : { code, message: this.message, details: this.details },
    };
  }
}
