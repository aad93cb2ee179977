// Runs the suite through its bin, exactly as a user runs it, in a process group of its own, and reads vitest's
// JSON report of that run. The package's own tests and the emulator's sandbox run use it.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_REPORTS_DIR } from '../../src/coverage-ledger.js';
import { COVERAGE_REPORT_FILE } from '../../src/coverage-report.js';

/** The bin as installed. */
const CONFORMANCE_BIN = fileURLToPath(new URL('../../bin/payments-connect-conformance.js', import.meta.url));
/** Settings of the suite (and of the vitest that runs this test) that must not leak into the run. */
const INHERITED_SETTING = /^(CONFORMANCE_|PAYMENTS_CONNECT_|VITEST)/;
/** Lines of the suite's own output kept for a failure message: vitest's closing list of failures. */
const OUTPUT_TAIL_LINES = 80;

/**
 * @typedef {object} ReportedTest one assertion result of vitest's JSON reporter
 * @property {string} fullName describe titles and test title
 * @property {string} status `passed`, `failed`, `skipped`, `pending`, `todo`, ...
 * @property {string[]} [tags]
 * @property {string[]} [failureMessages]
 */

/**
 * @typedef {object} ConformanceRun
 * @property {number | null} exitCode null when the run was killed (see `timedOut`)
 * @property {boolean} timedOut
 * @property {string} output the suite's stdout and stderr, interleaved as they came
 * @property {string} stdout its stdout alone, in the order written: two pipes give no order between them, so what
 *   comes last is judged here (vitest writes its failures to stderr, the bin its report and summary to stdout)
 * @property {string} outputTail the last lines of `output` (vitest's summary of failures)
 * @property {ReportedTest[] | undefined} tests every test of the JSON report, undefined when none was written
 * @property {string | undefined} coverageReport the coverage report the run wrote, undefined when it wrote none
 */

/**
 * Runs `payments-connect-conformance` with the given settings (none of the caller's suite settings), vitest's
 * default and JSON reporters and `args`, in `cwd` (a temporary folder, removed afterwards, unless given). A run
 * that outlives `timeoutMs` is killed with its whole process group.
 * @param {object} options
 * @param {Record<string, string>} options.env CONFORMANCE_TARGET, PAYMENTS_CONNECT_*, ...
 * @param {string[]} [options.args] more arguments for the bin
 * @param {string} [options.cwd] the caller's working directory; its outputs stay there
 * @param {number} options.timeoutMs
 * @returns {Promise<ConformanceRun>}
 */
export async function runConformance({ env, args = [], cwd, timeoutMs }) {
  const workDir = await mkdtemp(join(tmpdir(), 'conformance-run-'));
  const reportFile = join(workDir, 'report.json');
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !INHERITED_SETTING.test(name) && name !== 'FORCE_COLOR'),
  );
  const argv = [CONFORMANCE_BIN, '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...args];
  // Its own process group, so that a timeout ends the bin, its vitest and vitest's workers together.
  const child = spawn(process.execPath, argv, {
    cwd: cwd ?? workDir,
    env: { ...inherited, NO_COLOR: '1', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => (output += chunk));

  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child);
  }, timeoutMs);
  try {
    const exitCode = await new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve(code));
    });
    return {
      exitCode,
      timedOut,
      output,
      stdout,
      outputTail: output.split('\n').slice(-OUTPUT_TAIL_LINES).join('\n'),
      tests: await readReport(reportFile),
      coverageReport: await readFile(
        join(resolve(cwd ?? workDir, env.CONFORMANCE_REPORTS_DIR ?? DEFAULT_REPORTS_DIR), COVERAGE_REPORT_FILE),
        'utf8',
      ).catch(() => undefined),
    };
  } finally {
    clearTimeout(timer);
    killGroup(child); // the bin may be gone while a worker of its vitest is not
    await rm(workDir, { recursive: true, force: true });
  }
}

/** @param {import('node:child_process').ChildProcess} child */
function killGroup(child) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // the group has already exited
  }
}

/**
 * @param {string} file
 * @returns {Promise<ReportedTest[] | undefined>}
 */
async function readReport(file) {
  let text;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  /** @type {{ testResults: Array<{ assertionResults: ReportedTest[] }> }} */
  const report = JSON.parse(text);
  return report.testResults.flatMap((file) => file.assertionResults);
}
