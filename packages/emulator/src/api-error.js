/**
 * Errors the emulator answers with, in the spec's error envelope `{ code, message, details? }`. The `code` is the
 * one the contract gives the status (`contract.errorCode`): the document fixes VALIDATION_FAILED, NOT_FOUND and
 * CONFLICT for the RFI area; the others are the spec's illustrative codes.
 */

/** The two 409 variants of the RFI area, told apart by a substring of `message` and `details`. */
export const RFI_CONFLICT_VARIANTS = Object.freeze({
  notOpen: 'RFI_NOT_OPEN',
  itemAlreadyApproved: 'RFI_ITEM_ALREADY_APPROVED',
});

/** An error that becomes an error-envelope answer. */
export class ApiError extends Error {
  /**
   * @param {number} status HTTP status
   * @param {string} message human-readable message
   * @param {{ details?: unknown, headers?: Record<string, string> }} [extra]
   */
  constructor(status, message, extra = {}) {
    super(message);
    this.status = status;
    this.details = extra.details;
    this.headers = extra.headers ?? {};
  }

  /**
   * The answer, with the code the contract gives the status.
   * @param {import('@payments-connect/openapi/model').Contract} contract
   * @param {import('@payments-connect/openapi/model').ContractOperation} [operation]
   * @returns {import('@payments-connect/openapi/model').Refusal}
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

/**
 * 400 VALIDATION_FAILED.
 * @param {string} message
 * @param {unknown} [details]
 */
export const validationFailed = (message, details) => new ApiError(400, message, { details });

/**
 * 404 NOT_FOUND; also the answer for another account's resource, so that existence is not revealed.
 * @param {string} what e.g. `payer 9b2e…`
 */
export const notFound = (what) => new ApiError(404, `${what} not found`);

/**
 * 409 CONFLICT carrying an RFI variant name in both `message` and `details`.
 * @param {string} variant one of RFI_CONFLICT_VARIANTS
 * @param {string} explanation
 */
export const rfiConflict = (variant, explanation) =>
  new ApiError(409, `${variant}: ${explanation}`, { details: variant });
