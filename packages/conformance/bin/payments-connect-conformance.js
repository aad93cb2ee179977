#!/usr/bin/env node
// payments-connect-conformance: runs the suite with this package's own vitest config, wherever it is installed.
// The target comes from the environment (CONFORMANCE_TARGET, PAYMENTS_CONNECT_*) and is checked before vitest
// starts (a sandbox also with one token request); outputs land in the caller's working directory; other arguments go
// to `vitest run` (a file filter, --reporter=verbose, --outputFile.json=report.json, ...). After vitest's output it
// prints one summary line (and, on --coverage-report, the coverage report before it).
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadContract } from '@payments-connect/contract';
import { EXIT_USAGE, usageError } from '@payments-connect/contract/command-line';
import { DEFAULT_REPORTS_DIR } from '../src/coverage-ledger.js';
import { COVERAGE_REPORT_FILE } from '../src/coverage-report.js';
import { formatRunSummary, readRunSummary, runSummaryFile } from '../src/run-summary.js';
import { ALLOW_SKIPPED_BEHAVIOUR_VARIABLE } from '../src/skipped-behaviour-guard.js';
import { checkTarget } from '../src/target-check.js';
import { loadTargetConfig, SANDBOX_FIXTURES, TargetConfigError } from '../src/target-config.js';
import { readVitestArguments } from '../src/vitest-arguments.js';

const ALLOW_SKIPPED_BEHAVIOUR_FLAG = '--allow-skipped-behaviour';
const COVERAGE_REPORT_FLAG = '--coverage-report';

const COMMAND = {
  name: 'payments-connect-conformance',
  usage: `usage: payments-connect-conformance [--allow-skipped-behaviour] [--coverage-report] [vitest options] [filters]
       [-- vitest args]

Runs the conformance suite against the target its environment names: CONFORMANCE_TARGET=mock (the default, a
mock it starts itself) or CONFORMANCE_TARGET=sandbox with the PAYMENTS_CONNECT_* settings (see the README).
Ends with one line: tests passed, failed and skipped, and documented operation x status pairs covered. The coverage
report is written to conformance-reports/coverage-report.md (or CONFORMANCE_REPORTS_DIR).

  --allow-skipped-behaviour   a behaviour test skipped for want of a sandbox fixture does not fail the run
  --coverage-report           print the coverage report too, before the summary line
  --reporter <name>           vitest's reporters (repeatable); with --outputFile[.<reporter>] <file>
  --tags-filter <expression>  only the tests whose tags match (--tags-filter=behaviour)
  -t, --testNamePattern <re>  only the tests whose names match
  --bail <n>, --retry <n>, --project <name>, --silent
  -- <args>                   anything after -- goes to vitest run as it is
  -h, --help                  this help

Exit status: 0 when every test passed, 1 when one failed, 2 for a usage error, a target's missing settings, or a
sandbox target that issues no token (checked with one token request before the suite runs).`,
};

const require = createRequire(import.meta.url);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const vitestManifest = require.resolve('vitest/package.json');
const vitestBin = join(dirname(vitestManifest), JSON.parse(readFileSync(vitestManifest, 'utf8')).bin.vitest);

const read = readVitestArguments(process.argv.slice(2), [ALLOW_SKIPPED_BEHAVIOUR_FLAG, COVERAGE_REPORT_FLAG]);
if ('problem' in read) usageError(COMMAND, read.problem);
if (read.help) {
  process.stdout.write(`${COMMAND.usage}\n`);
  process.exit(0);
}
const allowSkippedBehaviour = read.own.includes(ALLOW_SKIPPED_BEHAVIOUR_FLAG);
const printCoverageReport = read.own.includes(COVERAGE_REPORT_FLAG);

/** @type {ReturnType<typeof loadTargetConfig>} */
let target = { kind: 'mock' };
try {
  target = loadTargetConfig(process.env);
} catch (error) {
  if (!(error instanceof TargetConfigError)) throw error;
  usageError(COMMAND, error.message);
}
if (target.kind === 'sandbox') {
  // One token request first: a wrong base URL or refused credentials is one message, not a failure in every test.
  const problem = await checkTarget(target, { tokenPath: loadContract().tokenOperation?.path ?? '/auth/token' });
  if (problem !== undefined) {
    process.stderr.write(`${COMMAND.name}: ${problem}\n`);
    process.exit(EXIT_USAGE);
  }
  reportMissingFixtures(target);
}

const args = read.forwarded.map(outputFileFromCaller);
// The suite, its injected faults and its coverage check; the package's own tests (project `self-test`) are not shipped.
if (!args.some((arg) => arg.startsWith('--project')))
  args.push('--project', 'conformance', '--project', 'fault-injection', '--project', 'coverage');
// Reporters named on the command line replace the config's, the run's guards and its summary among them.
if (args.some((arg) => arg.startsWith('--reporter'))) {
  for (const reporter of ['empty-project-guard.js', 'skipped-behaviour-guard.js', 'run-summary.js'])
    args.push(`--reporter=${join(packageDir, 'src', reporter)}`);
}
// The coverage report goes beside the caller, not into this package inside node_modules.
const reportsDir = resolve(process.env.CONFORMANCE_REPORTS_DIR ?? DEFAULT_REPORTS_DIR);
const reportFile = join(reportsDir, COVERAGE_REPORT_FILE);
// What this run prints at the end is of this run: a report or a summary an earlier run left is gone first.
for (const file of [reportFile, runSummaryFile(reportsDir)]) rmSync(file, { force: true });
const child = spawn(process.execPath, [vitestBin, 'run', '--root', packageDir, ...args], {
  stdio: 'inherit',
  env: {
    ...process.env,
    CONFORMANCE_REPORTS_DIR: reportsDir,
    ...(allowSkippedBehaviour ? { [ALLOW_SKIPPED_BEHAVIOUR_VARIABLE]: '1' } : {}),
  },
});
child.on('exit', (code, signal) => {
  const exitCode = code ?? (signal ? 1 : 0);
  if (printCoverageReport) printReport();
  process.stdout.write(`${formatRunSummary(readRunSummary(reportsDir), exitCode)}\n`);
  // Set, not process.exit(): the lines above are written whole before the process ends.
  process.exitCode = exitCode;
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']))
  process.on(signal, () => child.kill(signal));

/** `--coverage-report`: the report this run wrote, after vitest's output. */
function printReport() {
  let report;
  try {
    report = readFileSync(reportFile, 'utf8');
  } catch {
    process.stderr.write(`payments-connect-conformance: no coverage report: the coverage check did not run\n`);
    return;
  }
  process.stdout.write(`\n${report}\n`);
}

/**
 * vitest resolves `--outputFile` against its root, which is this package inside node_modules: a relative path
 * the caller gives is made absolute against the caller's working directory instead.
 * @param {string} arg
 * @param {number} index
 * @param {string[]} all
 */
function outputFileFromCaller(arg, index, all) {
  const inline = /^(--outputFile(?:\.\w+)?=)(.+)$/.exec(arg);
  if (inline?.[1] && inline[2]) return isAbsolute(inline[2]) ? arg : `${inline[1]}${resolve(inline[2])}`;
  const previous = all[index - 1];
  if (previous && /^--outputFile(\.\w+)?$/.test(previous) && !arg.startsWith('-') && !isAbsolute(arg))
    return resolve(arg);
  return arg;
}

/**
 * Says first which fixtures are not set, so the skips and a failing guard at the end come as no surprise.
 * @param {import('../src/target-config.js').SandboxTarget} target
 */
function reportMissingFixtures(target) {
  const missing = Object.entries(SANDBOX_FIXTURES).filter(
    ([name]) => !target.fixtures[/** @type {import('../src/target-config.js').SandboxFixture} */ (name)],
  );
  if (missing.length === 0) return;
  const lines = missing.map(([, [variable, meaning]]) => `  ${variable.padEnd(46)} ${meaning}`);
  process.stderr.write(
    `payments-connect-conformance: ${missing.length} sandbox fixture(s) not set; the tests that need them are ` +
      `skipped:\n${lines.join('\n')}\n` +
      (allowSkippedBehaviour
        ? `${ALLOW_SKIPPED_BEHAVIOUR_FLAG}: skipped behaviour tests will not fail the run.\n\n`
        : `A behaviour test skipped for one of them fails the run (${ALLOW_SKIPPED_BEHAVIOUR_FLAG} accepts it).\n\n`),
  );
}
