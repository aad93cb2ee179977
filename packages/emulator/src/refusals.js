/**
 * The refusals of the emulator's own making, in the spec's error envelope `{ code, message, details? }` (the
 * pipeline gives each status the code the contract does, `contract.errorCode`): the document fixes
 * VALIDATION_FAILED, NOT_FOUND and CONFLICT for the RFI area; the others are the spec's illustrative codes.
 */
import { RefusalError } from '@payments-connect/contract/control';
import { UUID_PATTERN } from './random-source.js';

/** @param {string} message @param {unknown} [details] 400 VALIDATION_FAILED. */
export const validationFailed = (message, details) => new RefusalError(400, message, { details });

/**
 * 404 NOT_FOUND; also the answer for another account's resource, so that existence is not revealed.
 * @param {string} what e.g. `payer 9b2e…`
 */
export const notFound = (what) => new RefusalError(404, `${what} not found`);

/**
 * 409 CONFLICT: a duplicate id, a terminal case moved, the default tenant deleted; with an RFI variant name, the
 * variant in `details` and first in `message` (`RFI_NOT_OPEN: …`), as the document's RFI conflicts carry it.
 * @param {string} message
 * @param {string} [variant] `RFI_NOT_OPEN` or `RFI_ITEM_ALREADY_APPROVED`
 */
export const conflict = (message, variant) =>
  variant === undefined
    ? new RefusalError(409, message)
    : new RefusalError(409, `${variant}: ${message}`, { details: variant });

/**
 * The id a control request gives a new record, checked (`name`: the field), or a fresh one.
 * @param {unknown} id @param {string} name @param {import('./random-source.js').RandomSource} random @returns {string}
 */
export function newId(id, name, random) {
  if (id === undefined) return random.uuid();
  if (typeof id !== 'string' || !UUID_PATTERN.test(id)) throw validationFailed(`${name} must be a UUID`);
  return id;
}
