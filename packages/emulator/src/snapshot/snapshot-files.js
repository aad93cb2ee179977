// Snapshot files: reading one, writing one, and the ones the package ships.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Reads a snapshot file (`--state`, `startEmulator({ state: path })`): its JSON, which a restore checks whole.
 * @param {string | URL} file @param {(text: string) => string | undefined} [whereBroken] where a text that is no JSON
 *   breaks it, by line and column (the contract's `jsonSyntaxProblem`, loaded with the emulator) @returns {unknown}
 * @throws {Error} when the file cannot be read (exit 1 at the command line); a TypeError when it holds no JSON (exit 2)
 */
export function readSnapshotFile(file, whereBroken = () => undefined) {
  const path = file instanceof URL ? fileURLToPath(file) : file;
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the state snapshot ${path}: ${/** @type {Error} */ (error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    // One line: the parser's message may quote the file's text, line breaks and all, and may not say where.
    const reason = whereBroken(text) ?? /** @type {Error} */ (error).message.replace(/\s+/g, ' ');
    throw new TypeError(`the state snapshot ${path} is not JSON: ${reason}`);
  }
}

/**
 * Writes a snapshot file atomically (a temporary file beside it, renamed over it): a reader, or an emulator stopped
 * halfway, never finds half a snapshot, and a write that fails leaves the file that was there and nothing else.
 * @param {string} path @param {unknown} snapshot @throws {Error} saying which file could not be written and why
 */
export function writeSnapshotFile(path, snapshot) {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, `${JSON.stringify(snapshot, null, 2)}\n`);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new Error(`cannot write the state snapshot ${path}: ${/** @type {Error} */ (error).message}`);
  }
}

const require = createRequire(import.meta.url);

/** @typedef {{ file: string, shows: string }} ShippedSnapshot a snapshot file of the package, and what it holds */

/**
 * A shipped snapshot, found by the package's specifier (its `./snapshots/*` export), not from this module, which the
 * bin's bundle (`dist/bin/`) moves.
 * @param {string} name the file's name, without `.json` @param {string} shows @returns {ShippedSnapshot}
 */
const shipped = (name, shows) =>
  Object.freeze({ file: require.resolve(`@payments-connect/emulator/snapshots/${name}.json`), shows });

const QUESTIONS_ANSWERED = 'The open case openRfiId with its questions answered through the API.';

/**
 * The situations the package ships as snapshot files (`snapshots/`), so that a test starts from one instead of making
 * it by calls in every run: made on a fresh emulator by `scripts/make-snapshots.js` (a test proves it still makes
 * them); their ids are `SEED_IDS`, their time the snapshot's `takenAt`.
 */
export const SHIPPED_SNAPSHOTS = Object.freeze({
  questionsAnswered: shipped('questions-answered', QUESTIONS_ANSWERED),
  caseClosedAfterAnswers: shipped(
    'case-closed-after-answers',
    `${QUESTIONS_ANSWERED.slice(0, -1)}, then CLOSED: it keeps its answers, refuses every write (409 RFI_NOT_OPEN) ` +
      'and is listed only with includeTerminal=true.',
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
