import { fileURLToPath } from 'node:url';

/**
 * @typedef {object} ShippedSnapshot a snapshot file of the package (`snapshots/`)
 * @property {string} file its path, for `startEmulator({ state })` and `--state`
 * @property {string} shows the situation it holds (also its header's `note`)
 */

/**
 * @param {string} name the file's name, without `.json`
 * @param {string} shows
 * @returns {ShippedSnapshot}
 */
const shipped = (name, shows) =>
  Object.freeze({ file: fileURLToPath(new URL(`../snapshots/${name}.json`, import.meta.url)), shows });

/**
 * The situations the package ships as snapshot files, so that a test starts from one instead of making it by calls
 * in every run. Each was made by calls of the API and the control API on a fresh emulator of the start-up seed
 * (`scripts/make-snapshots.js`, which makes them again; a test proves they are what it makes). Their ids are the
 * start-up fixtures (`SEED_IDS`), their time is the snapshot's `takenAt`.
 */
export const SHIPPED_SNAPSHOTS = Object.freeze({
  questionsAnswered: shipped(
    'questions-answered',
    'The open case openRfiId with every question answered: openQuestionId and secondOpenQuestionId answered through ' +
      'the API (approvedQuestionId came answered); the case is still OPEN, its document requests as seeded.',
  ),
  caseClosedAfterAnswers: shipped(
    'case-closed-after-answers',
    'The open case openRfiId with every question answered through the API, then CLOSED: it keeps its answers, ' +
      'refuses every write (409 RFI_NOT_OPEN) and is listed only with includeTerminal=true.',
  ),
  itemApproved: shipped(
    'item-approved',
    'The question openQuestionId of the open case openRfiId answered through the API, then approved: it is locked ' +
      '(a write is 409 RFI_ITEM_ALREADY_APPROVED) and the event v1.rfi.case.item_approved is recorded.',
  ),
  sessionRefreshed: shipped(
    'session-refreshed',
    'The hosted payment request hostedPaymentRequestId (HOSTED_PAGE, UNPAID) after refresh-session: a new ' +
      'sessionToken, and sessionExpiresAt one hour after the takenAt of the snapshot.',
  ),
});
