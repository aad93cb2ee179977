/**
 * The refusals of the emulator's own making, in the spec's error envelope `{ code, message, details? }` (the
 * pipeline gives each status the code the contract does, `contract.errorCode`): the document fixes
 * VALIDATION_FAILED, NOT_FOUND and CONFLICT for the RFI area; the others are the spec's illustrative codes.
 */
import { RefusalError } from '@payments-connect/contract/server';

/** The two 409 variants of the RFI area, told apart by a substring of `message` and `details`. */
export const RFI_CONFLICT_VARIANTS = Object.freeze({
  notOpen: 'RFI_NOT_OPEN',
  itemAlreadyApproved: 'RFI_ITEM_ALREADY_APPROVED',
});

/**
 * 400 VALIDATION_FAILED.
 * @param {string} message
 * @param {unknown} [details]
 */
export const validationFailed = (message, details) => new RefusalError(400, message, { details });

/**
 * 404 NOT_FOUND; also the answer for another account's resource, so that existence is not revealed.
 * @param {string} what e.g. `payer 9b2e…`
 */
export const notFound = (what) => new RefusalError(404, `${what} not found`);

/**
 * 409 CONFLICT carrying an RFI variant name in both `message` and `details`.
 * @param {string} variant one of RFI_CONFLICT_VARIANTS
 * @param {string} explanation
 */
export const rfiConflict = (variant, explanation) =>
  new RefusalError(409, `${variant}: ${explanation}`, { details: variant });
