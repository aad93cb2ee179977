// The coverage check. It runs after every other file of the suite (vitest project `coverage`, groupOrder 2):
// it reads what the suite exercised, writes coverage-report.md in the reports folder and fails on gaps.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadContract } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { readLedger, reportsDir } from '../src/coverage-ledger.js';
import { COVERAGE_REPORT_FILE, computeCoverage, renderCoverageReport } from '../src/coverage-report.js';
import { loadTargetConfig } from '../src/target-config.js';

const contract = loadContract();
const target = loadTargetConfig(process.env);
const coverage = computeCoverage(contract.operations, readLedger());
const report = renderCoverageReport(coverage, {
  target: target.kind,
  webhooks: contract.webhooks.map((webhook) => webhook.name),
});
mkdirSync(reportsDir(), { recursive: true });
const reportFile = join(reportsDir(), COVERAGE_REPORT_FILE);
writeFileSync(reportFile, report);
// The report is long (a row per operation, a section per operation): the bin prints it on --coverage-report only.
console.log(
  `coverage: ${coverage.pairs.exercised} of ${coverage.pairs.documented} documented operation x status pairs ` +
    `exercised; the report: ${reportFile}`,
);

describe('coverage of the documented operations', () => {
  it('the suite exercised answers (a run that checked nothing proves nothing)', () => {
    expect(coverage.exercisedAnswers, 'no answer was validated: did the suite run?').toBeGreaterThan(0);
  });

  it('every operation of the spec was exercised by at least one test', () => {
    expect(coverage.untestedOperations).toEqual([]);
  });

  // A sandbox cannot be made to answer every status: 429 and 500 only through the emulator's control API (see
  // fault-injection.test.js), and a real sandbox has none. There the gaps are reported, not failed.
  it.runIf(target.kind === 'mock')('on the mock, every documented operation x status pair was exercised', () => {
    expect(coverage.gaps).toEqual([]);
  });
});
