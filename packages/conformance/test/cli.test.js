// The bin as another team runs it: from its own project, with its own settings.
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMock } from '@payments-connect/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_INJECTION_TAG } from '../src/fault-injection-tag.js';
import { REQUIRED_SANDBOX_SETTINGS } from '../src/target-config.js';
import { runConformance } from './support/conformance-run.js';
import { readCoverageTable } from './support/coverage-table.js';
import { numbersAsN, readmeOutput } from './support/readme-output.js';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const README = new URL('../README.md', import.meta.url);
/** A whole run against the mock takes some 10 s on the 2-core CI machine; this is the point where it hung. */
const RUN_TIMEOUT_MS = 120_000;
/** The bin's last line. */
const SUMMARY_LINE =
  /^conformance: (\d+) passed, (\d+) failed, (\d+) skipped; (\d+) of (\d+) documented operation x status pairs covered/;
/** The line of the coverage report that gives its figures. */
const REPORT_FIGURES = /^(\d+) of (\d+) documented operation x status pairs exercised/m;
/** The coverage report's title, which the bin prints only on --coverage-report. */
const REPORT_TITLE = '# Conformance coverage';

/**
 * The run's last line, read as numbers.
 * @param {import('./support/conformance-run.js').ConformanceRun} run
 */
function summaryOf(run) {
  const last = run.stdout.trimEnd().split('\n').at(-1) ?? '';
  const match = SUMMARY_LINE.exec(last);
  if (!match) throw new Error(`the run's last line is no summary: ${last}`);
  const [passed, failed, skipped, covered, documented] = match.slice(1).map(Number);
  return { line: last, passed, failed, skipped, covered, documented };
}

/**
 * The tests of the run's JSON report, counted as the summary counts them.
 * @param {import('./support/conformance-run.js').ConformanceRun} run
 */
function countsOf(run) {
  const tests = run.tests ?? [];
  const count = (/** @type {(status: string) => boolean} */ matches) => tests.filter((t) => matches(t.status)).length;
  return {
    passed: count((status) => status === 'passed'),
    failed: count((status) => status === 'failed'),
    skipped: count((status) => status !== 'passed' && status !== 'failed'),
  };
}

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
    // The README shows this error as the bin prints it, the usage after it.
    expect(run.output.startsWith(`${readmeOutput(README, 'missing-settings')}\n\nusage: `)).toBe(true);
  });
});

describe('payments-connect-conformance in sandbox mode against a target that issues no token', () => {
  /** @type {Awaited<ReturnType<typeof startMock>>} */
  let mock;
  /** Answers every request as the service refuses credentials it does not know. */
  const refusing = createServer((_request, response) =>
    response
      .writeHead(401, { 'content-type': 'application/json' })
      .end(JSON.stringify({ code: 'UNAUTHORIZED', message: 'unknown client' })),
  );
  let refusingUrl = '';
  let closedUrl = '';
  beforeAll(async () => {
    mock = await startMock();
    refusing.listen(0, '127.0.0.1');
    await once(refusing, 'listening');
    refusingUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (refusing.address()).port}`;
    // A port that was free a moment ago and is closed now: nothing listens there.
    const closed = createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    closedUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (closed.address()).port}`;
    await new Promise((resolve) => closed.close(resolve));
  });
  afterAll(async () => {
    await mock?.stop();
    await new Promise((resolve) => refusing.close(resolve));
  });

  /**
   * Runs the bin in sandbox mode against `baseUrl`.
   * @param {string} baseUrl
   */
  const runAgainst = (baseUrl) =>
    runConformance({
      env: {
        CONFORMANCE_TARGET: 'sandbox',
        PAYMENTS_CONNECT_BASE_URL: baseUrl,
        PAYMENTS_CONNECT_CLIENT_ID: 'conformance-cli-test',
        PAYMENTS_CONNECT_CLIENT_SECRET: 'conformance-cli-test-secret',
        PAYMENTS_CONNECT_ACCOUNT_ID: 'conformance-cli-test-account',
      },
      timeoutMs: RUN_TIMEOUT_MS,
    });

  /**
   * The run stopped before vitest started, with one line on stderr, exit 2.
   * @param {import('./support/conformance-run.js').ConformanceRun} run
   */
  function expectStoppedOnce(run) {
    expect(run.exitCode, run.output).toBe(2);
    expect(run.output.trimEnd().split('\n')).toHaveLength(1);
    expect(run.output).not.toMatch(/RUN|Tests\s|conformance: \d+ passed/);
    expect(run.tests).toBeUndefined();
  }

  it('a base URL ending in /v1: says what it tried, what came back, and the root to use', async () => {
    const run = await runAgainst(`${mock.url}/v1`);
    expectStoppedOnce(run);
    expect(run.output).toContain(
      `payments-connect-conformance: no token exchange at the target: POST ${mock.url}/v1/auth/token ` +
        '(a token for PAYMENTS_CONNECT_CLIENT_ID=conformance-cli-test) answered 404 NOT_FOUND: ',
    );
    expect(run.output).toContain(`(try PAYMENTS_CONNECT_BASE_URL=${mock.url})`);
    // The README shows this line as the bin prints it, for a target on the emulator's port and a client of its own.
    const asShown = run.output
      .trimEnd()
      .replaceAll(mock.url, 'http://127.0.0.1:4020')
      .replace('PAYMENTS_CONNECT_CLIENT_ID=conformance-cli-test', 'PAYMENTS_CONNECT_CLIENT_ID=my-client');
    expect(asShown).toBe(readmeOutput(README, 'no-token-exchange'));
  });

  it('credentials refused: names the request, the answer and the settings to check', async () => {
    const run = await runAgainst(refusingUrl);
    expectStoppedOnce(run);
    expect(run.output).toContain(
      `the target refused the credentials: POST ${refusingUrl}/auth/token ` +
        '(a token for PAYMENTS_CONNECT_CLIENT_ID=conformance-cli-test) answered 401 UNAUTHORIZED: unknown client. ' +
        'Check PAYMENTS_CONNECT_CLIENT_ID and PAYMENTS_CONNECT_CLIENT_SECRET',
    );
  });

  it('a target that cannot be reached: names the request and why no answer came', async () => {
    const run = await runAgainst(closedUrl);
    expectStoppedOnce(run);
    expect(run.output).toContain(
      `the target cannot be reached: POST ${closedUrl}/auth/token (a token for ` +
        'PAYMENTS_CONNECT_CLIENT_ID=conformance-cli-test): connection refused: nothing listens there',
    );
  });
});

describe('payments-connect-conformance with a flag it does not know', () => {
  it('stops before vitest starts: the problem (and the flag most likely meant), the usage, exit 2', async () => {
    const runs = await Promise.all(
      [['--bogus'], ['--coverage-reprot']].map((args) => runConformance({ env: {}, args, timeoutMs: RUN_TIMEOUT_MS })),
    );
    expect(runs.map((run) => run.exitCode)).toEqual([2, 2]);
    expect(runs[0]?.output).toMatch(/^payments-connect-conformance: unknown option '--bogus' \(other options/);
    expect(runs[1]?.output).toMatch(
      /^payments-connect-conformance: unknown option '--coverage-reprot' \(did you mean --coverage-report\? /,
    );
    for (const run of runs) {
      expect(run.output).toContain('usage: payments-connect-conformance');
      expect(run.tests).toBeUndefined();
    }
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

  it('ends with one summary line: the tests as vitest counted them, and the pairs as the report counts them', () => {
    const summary = summaryOf(run);
    expect(summary).toMatchObject(countsOf(run));
    const [, covered, documented] = (REPORT_FIGURES.exec(run.coverageReport ?? '') ?? []).map(Number);
    expect([summary.covered, summary.documented]).toEqual([covered, documented]);
    // On the mock every documented pair is exercised (the coverage check fails the run otherwise).
    expect(readCoverageTable(run.coverageReport ?? '').filter((cell) => !cell.covered)).toEqual([]);
    expect(summary.covered).toBe(summary.documented);
  });

  it('ends with the line the README shows, its counts aside', () => {
    expect(numbersAsN(summaryOf(run).line)).toBe(numbersAsN(readmeOutput(README, 'summary')));
  });

  it('does not print the coverage report without --coverage-report, and skips the injected faults on the mock', () => {
    expect(run.output).not.toContain(REPORT_TITLE);
    const faults = (run.tests ?? []).filter((test) => test.tags?.includes(FAULT_INJECTION_TAG));
    expect(faults.map((test) => test.status)).toEqual(['skipped']);
  });
});

describe('payments-connect-conformance --coverage-report, in a run whose tests fail', () => {
  /** @type {import('./support/conformance-run.js').ConformanceRun} */
  let run;

  // Only the coverage check's tests run (-t), so it finds nothing exercised and fails: a short run that fails.
  beforeAll(async () => {
    run = await runConformance({
      env: {},
      args: ['--coverage-report', '-t', '^coverage of the documented operations'],
      timeoutMs: RUN_TIMEOUT_MS,
    });
  }, RUN_TIMEOUT_MS + 10_000);

  it('exits 1 and counts the failed tests in its summary line', () => {
    expect(run.exitCode, run.outputTail).toBe(1);
    const summary = summaryOf(run);
    expect(summary).toMatchObject(countsOf(run));
    expect(summary.failed).toBeGreaterThan(0);
    expect(summary.covered).toBe(0);
  });

  it("prints the report it wrote after vitest's output, before the summary line", () => {
    const report = run.coverageReport ?? '';
    expect(report).toContain(REPORT_TITLE);
    const printedAt = run.stdout.lastIndexOf(report.trimEnd());
    expect(printedAt).toBeGreaterThan(run.stdout.search(/Tests\s+\d+ failed/));
    expect(run.stdout.slice(printedAt + report.trimEnd().length).trim()).toBe(summaryOf(run).line);
  });
});

describe('payments-connect-conformance against a sandbox without the emulator control API', () => {
  /** @type {Awaited<ReturnType<typeof startMock>>} */
  let server;
  /** @type {import('./support/conformance-run.js').ConformanceRun} */
  let run;

  // The mock stands in for a real sandbox: it has no GET /_emulator. Only the fault-injection file runs.
  beforeAll(async () => {
    server = await startMock();
    run = await runConformance({
      env: {
        CONFORMANCE_TARGET: 'sandbox',
        PAYMENTS_CONNECT_BASE_URL: server.url,
        PAYMENTS_CONNECT_CLIENT_ID: 'conformance-cli-test',
        PAYMENTS_CONNECT_CLIENT_SECRET: 'conformance-cli-test-secret',
        PAYMENTS_CONNECT_ACCOUNT_ID: 'conformance-cli-test-account',
      },
      // The verbose reporter prints a skipped test with its reason.
      args: ['--reporter=verbose', 'suite/fault-injection.test.js'],
      timeoutMs: RUN_TIMEOUT_MS,
    });
  }, RUN_TIMEOUT_MS + 10_000);
  afterAll(() => server?.stop());

  it('skips the injected faults with the reason, and the run passes', () => {
    expect(run.exitCode, run.outputTail).toBe(0);
    expect(run.tests?.map((test) => [test.status, test.tags])).toEqual([['skipped', [FAULT_INJECTION_TAG]]]);
    expect(run.output).toContain(`no emulator control API at ${server.url}/_emulator (GET answered 404)`);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(
      'conformance: 0 passed, 0 failed, 1 skipped; coverage not checked (the coverage check did not run)',
    );
  });
});
