import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';

/**
 * The folder of the coverage report unless CONFORMANCE_REPORTS_DIR names another: in the caller's working directory
 * when run through the bin.
 */
export const DEFAULT_REPORTS_DIR = 'conformance-reports';
/** Where this package's own `pnpm test` puts the report: its test output, beside every other package's. */
const OWN_TEST_REPORTS_DIR = `test-results/${DEFAULT_REPORTS_DIR}`;

/**
 * Where the run's findings go. Test files run in several workers, so each worker appends what it saw to
 * its own file under `.ledger/`, and the coverage check (which runs after every other test) reads them all.
 */
export function reportsDir() {
  return process.env.CONFORMANCE_REPORTS_DIR ?? fileURLToPath(new URL(`../${OWN_TEST_REPORTS_DIR}/`, import.meta.url));
}
const ledgerDir = () => join(reportsDir(), '.ledger');

/**
 * @typedef {{ kind: 'exercised', operationId: string, status: number, test?: string }
 *   | { kind: 'skipped', test: string, reason: string }} LedgerEntry
 */

/** Starts a run with an empty ledger. */
export function resetLedger() {
  rmSync(ledgerDir(), { recursive: true, force: true });
  mkdirSync(ledgerDir(), { recursive: true });
}

/** @param {LedgerEntry} entry */
export function recordInLedger(entry) {
  // A run filtered to the files of a project without the globalSetup (fault-injection) may find no folder yet.
  mkdirSync(ledgerDir(), { recursive: true });
  appendFileSync(join(ledgerDir(), `${process.pid}-${threadId}.jsonl`), `${JSON.stringify(entry)}\n`);
}

/** @returns {LedgerEntry[]} everything recorded since the last reset */
export function readLedger() {
  let files;
  try {
    files = readdirSync(ledgerDir());
  } catch {
    return [];
  }
  return files.flatMap((file) =>
    readFileSync(join(ledgerDir(), file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line)),
  );
}
