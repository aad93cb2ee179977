/**
 * Errors the emulator answers with, in the spec's ErrorEnvelope `{ code, message, details? }`.
 * The document fixes VALIDATION_FAILED, NOT_FOUND and CONFLICT; the other codes follow the spec's
 * illustrative examples (status-flavoured, feature-agnostic) and are the emulator's own choice.
 */

/** Error code per HTTP status. */
export const ERROR_CODES = Object.freeze({
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_ERROR',
});

/** The two 409 variants of the RFI area, told apart by a substring of `message` and `details`. */
export const RFI_CONFLICT_VARIANTS = Object.freeze({
  notOpen: 'RFI_NOT_OPEN',
  itemAlreadyApproved: 'RFI_ITEM_ALREADY_APPROVED',
});

/** An error that becomes an ErrorEnvelope response. */
export class ApiError extends Error {
  /**
   * @param {number} status HTTP status
   * @param {string} message human-readable message
   * @param {{ details?: unknown, headers?: Record<string, string>, code?: string }} [extra]
   */
  constructor(status, message, extra = {}) {
    super(message);
    this.status = status;
    this.code = extra.code ?? /** @type {Record<number, string>} */ (ERROR_CODES)[status] ?? ERROR_CODES[500];
    this.details = extra.details;
    this.headers = extra.headers ?? {};
  }

  /** @returns {{ code: string, message: string, details?: unknown }} the ErrorEnvelope body */
  toEnvelope() {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
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
