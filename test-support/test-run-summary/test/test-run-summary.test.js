// The closing line against real turbo + vitest output, captured from a small workspace with one package of each
// kind of failure (test/fixtures/*.txt): a failing test, a suite whose hook failed, a crash before any test, a
// package with no test file, a vitest project that found no test files, an unhandled error; the tiers' own tasks
// (test:quick, test:stress); and from this repository, a failed root lint and type check.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { closingLine, summarizeTestRun } from '../src/test-run-summary.js';

/** @param {string} name */
const captured = (name) => readFileSync(new URL(`./fixtures/turbo-run-${name}.txt`, import.meta.url), 'utf8');

describe('summarizeTestRun', () => {
  it('a passing run: the counts of its Tests lines and 0 failed', () => {
    const summary = summarizeTestRun(captured('passing'), { exitStatus: 0 });
    expect(closingLine(summary)).toBe('1 passed, 0 failed, 1 skipped');
    expect(summary.failures).toEqual([]);
  });

  it('a failing test counts once, and its failed task adds nothing more', () => {
    const summary = summarizeTestRun(captured('failing-test'), { exitStatus: 1 });
    expect(closingLine(summary)).toBe('2 passed, 1 failed, 1 skipped');
  });

  it.for([
    ['broken-suite', 'test file(s) failed without a failed test'],
    ['crash', 'crash#test: failed without a test result'],
    ['no-files', 'no-files#test: failed without a test result'],
    ['empty-project', 'empty-project#test: failed although no test failed'],
    ['unhandled', 'unhandled#test: 1 unhandled or type error(s)'],
  ])('%s: a failure that is no failed test still counts, and is named', ([kind, named]) => {
    const summary = summarizeTestRun(captured(kind), { exitStatus: 1 });
    expect(summary.failed).toBeGreaterThan(0);
    expect(summary.failures.join('\n')).toContain(named);
    expect(closingLine(summary)).not.toMatch(/ 0 failed/);
  });

  it("the root's tasks (one lint, one type check for the whole repository): each failure counted and named", () => {
    const summary = summarizeTestRun(captured('root-tasks'), { exitStatus: 2 });
    expect(summary.failed).toBe(2);
    expect(summary.failures.join('\n')).toMatch(/^\/\/#lint:repo: failed .*\n\/\/#typecheck: failed /);
  });

  it('every kind in one run: each counted', () => {
    const summary = summarizeTestRun(captured('every-kind-of-failure'), { exitStatus: 1 });
    // 1 failed test, 1 broken file, 1 crash, 1 package without files, 1 empty project, 1 unhandled error
    expect(summary.failed).toBe(6);
    expect(summary.passed).toBe(6);
  });

  it('never says 0 failed for a run that exited non-zero', () => {
    const summary = summarizeTestRun(captured('passing'), { exitStatus: 2 });
    expect(summary.failed).toBe(1);
    expect(summary.failures).toEqual(['the run exited with status 2 and named no failed task']);
  });

  it('the tiers run as turbo tasks of their own (test:quick, test:stress): each failure counted and named', () => {
    const stress = summarizeTestRun(captured('stress-tier'), { exitStatus: 1 });
    // 1 failed test beside 1 that passed, a crash before any test, 1 package that passed
    expect(closingLine(stress)).toBe('2 passed, 2 failed, 0 skipped');
    expect(stress.failures).toEqual([
      'crash#test:stress: failed without a test result (a crash, a lint, type or build error, or no test file found)',
    ]);
    const quick = summarizeTestRun(captured('quick-tier'), { exitStatus: 1 });
    expect(closingLine(quick)).toBe('2 passed, 1 failed, 0 skipped');
  });

  it('a quick run that rightly tested nothing (no package changed) passes; a run of every test may not', () => {
    const nothingChanged = captured('quick-tier-no-change');
    expect(summarizeTestRun(nothingChanged, { exitStatus: 0, testsExpected: false })).toMatchObject({ failed: 0 });
    expect(summarizeTestRun(nothingChanged, { exitStatus: 0 })).toMatchObject({ failed: 1 });
    // Even where nothing need be tested, a run that exited non-zero is red.
    expect(summarizeTestRun(nothingChanged, { exitStatus: 1, testsExpected: false })).toMatchObject({ failed: 1 });
  });

  it('a run in which nothing was tested is a failure', () => {
    const summary = summarizeTestRun(' Tasks:    3 successful, 3 total\n', { exitStatus: 0 });
    expect(summary.failed).toBe(1);
    expect(summary.failures[0]).toContain('nothing was tested');
  });
});
