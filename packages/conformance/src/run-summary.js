import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadContract } from '@payments-connect/contract';
import { readLedger, reportsDir } from './coverage-ledger.js';
import { computeCoverage } from './coverage-report.js';

/** The vitest project of the coverage check (vitest.config.ts): a run counts its coverage only when it ran. */
export const COVERAGE_PROJECT = 'coverage';
/** What the reporter leaves for the bin in the reports folder, beside the ledger: not a report of its own. */
const RUN_SUMMARY_FILE = '.run-summary.json';

/**
 * @typedef {object} RunSummary the numbers of one run
 * @property {number} passed tests
 * @property {number} failed tests
 * @property {number} skipped tests skipped, todo, or left out by a filter
 * @property {{ exercised: number, documented: number } | null} pairs the documented operation x status pairs and how
 *   many the suite exercised, as in the coverage report; null when the coverage check did not run
 */

/**
 * Where a run's summary goes.
 * @param {string} [dir] the reports folder (default: that of this process, see `reportsDir()`)
 */
export function runSummaryFile(dir = reportsDir()) {
  return join(dir, RUN_SUMMARY_FILE);
}

/**
 * A vitest reporter that counts the run's tests as vitest's own summary does and, once the coverage check ran, the
 * operation x status pairs from the same ledger its report is made of, and writes them for the bin, which prints the
 * run's last line (`formatRunSummary`) once vitest has exited. Counted from vitest's results, so no console output is
 * parsed and any reporter the caller chose may print.
 */
export class RunSummaryReporter {
  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  onTestRunEnd(testModules) {
    /** @type {RunSummary} */
    const summary = { passed: 0, failed: 0, skipped: 0, pairs: null };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const { state } = test.result();
        if (state === 'passed') summary.passed += 1;
        else if (state === 'failed') summary.failed += 1;
        else summary.skipped += 1;
      }
    }
    if (testModules.some((module) => module.project.name === COVERAGE_PROJECT)) {
      summary.pairs = computeCoverage(loadContract().operations, readLedger()).pairs;
    }
    mkdirSync(reportsDir(), { recursive: true });
    writeFileSync(runSummaryFile(), `${JSON.stringify(summary)}\n`);
  }
}

/**
 * The summary a run left in the reports folder, or undefined when it left none (vitest ended before its run did).
 * @param {string} dir
 * @returns {RunSummary | undefined}
 */
export function readRunSummary(dir) {
  try {
    return JSON.parse(readFileSync(runSummaryFile(dir), 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The bin's last line: `conformance: 82 passed, 0 failed, 17 skipped; 112 of 130 documented operation x status pairs
 * covered`. A run that failed though no test did (a guard, a file that did not load) says so and how it ended.
 * @param {RunSummary | undefined} summary
 * @param {number} exitCode vitest's
 */
export function formatRunSummary(summary, exitCode) {
  if (!summary) return `conformance: no result: vitest ended (exit code ${exitCode}) before its run finished`;
  const { passed, failed, skipped, pairs } = summary;
  const coverage = pairs
    ? `${pairs.exercised} of ${pairs.documented} documented operation x status pairs covered`
    : 'coverage not checked (the coverage check did not run)';
  const outsideTests = exitCode !== 0 && failed === 0 ? `; exit code ${exitCode} (see the errors above)` : '';
  return `conformance: ${passed} passed, ${failed} failed, ${skipped} skipped; ${coverage}${outsideTests}`;
}

export default RunSummaryReporter;
