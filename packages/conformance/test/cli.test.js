// The bin as another team runs it: from its own project, with its own settings.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUIRED_SANDBOX_SETTINGS } from '../src/target-config.js';
import { runConformance } from './support/conformance-run.js';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
/** A whole run against the mock takes some 10 s on the 2-core CI machine; this is the point where it hung. */
const RUN_TIMEOUT_MS = 120_000;

describe('payments-connect-conformance in sandbox mode without its settings', () => {
  it('stops before vitest starts, with one error naming each missing setting', async () => {
    const run = await runConformance({ env: { CONFORMANCE_TARGET: 'sandbox' }, timeoutMs: RUN_TIMEOUT_MS });
    expect(run.exitCode).toBe(2);
    expect(
      run.output.startsWith('payments-connect-conformance: CONFORMANCE_TARGET=sandbox cannot start, 4 setting(s)'),
    ).toBe(true);
    for (const name of Object.keys(REQUIRED_SANDBOX_SETTINGS)) expect(run.output).toContain(name);
    // Nothing of vitest: no run header, no "No test files found", no report.
    expect(run.output).not.toMatch(/RUN|No test files|Tests\s/);
    expect(run.tests).toBeUndefined();
  });
});

describe('payments-connect-conformance with a flag it does not know', () => {
  it('stops before vitest starts: the problem, then the usage, exit 2', async () => {
    const run = await runConformance({ env: {}, args: ['--bogus'], timeoutMs: RUN_TIMEOUT_MS });
    expect(run.exitCode).toBe(2);
    expect(run.output).toMatch(/^payments-connect-conformance: unknown option '--bogus'/);
    expect(run.output).toContain('usage: payments-connect-conformance');
    expect(run.tests).toBeUndefined();
  });
});

describe('payments-connect-conformance against the mock, from a project of its own', () => {
  let callerDir = '';
  /** @type {import('./support/conformance-run.js').ConformanceRun} */
  let run;

  beforeAll(async () => {
    callerDir = await mkdtemp(join(tmpdir(), 'conformance-caller-'));
    run = await runConformance({
      env: {},
      cwd: callerDir,
      args: ['--reporter=junit', '--outputFile.junit=results/junit.xml'],
      timeoutMs: RUN_TIMEOUT_MS,
    });
  }, RUN_TIMEOUT_MS + 10_000);
  afterAll(() => rm(callerDir, { recursive: true, force: true }));

  it('passes', () => {
    expect(run.timedOut).toBe(false);
    expect(run.exitCode, run.outputTail).toBe(0);
  });

  it("writes the coverage report and a relative --outputFile into the caller's folder, not the package's", () => {
    expect(existsSync(join(callerDir, 'conformance-reports', 'coverage-report.md'))).toBe(true);
    expect(existsSync(join(callerDir, 'results', 'junit.xml'))).toBe(true);
    expect(existsSync(join(PACKAGE_DIR, 'results'))).toBe(false);
  });

  it("runs the suite and its coverage check, not the package's own tests", () => {
    const names = (run.tests ?? []).map((test) => test.fullName);
    expect(names.length).toBeGreaterThan(100);
    expect(names.some((name) => name.startsWith('coverage of the documented operations'))).toBe(true);
    expect(names.filter((name) => /^(loadTargetConfig|payments-connect-conformance) /.test(name))).toEqual([]);
  });
});
