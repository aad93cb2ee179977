// Runs the conformance suite of @payments-connect/conformance (its bin, so exactly as a user runs it) in
// sandbox mode against a running emulator, and reads vitest's JSON report of that run.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const CONFORMANCE_BIN = require.resolve('@payments-connect/conformance/bin/payments-connect-conformance.js');
/** Settings of the suite that the caller's environment must not leak into the run. */
const SUITE_SETTING = /^(CONFORMANCE_|PAYMENTS_CONNECT_)/;
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
 * @typedef {object} SandboxRun
 * @property {number | null} exitCode null when the run was killed (see `timedOut`)
 * @property {boolean} timedOut
 * @property {string} outputTail the last lines of the suite's stdout and stderr (vitest's default reporter)
 * @property {ReportedTest[] | undefined} tests every test of the JSON report, undefined when no report was written
 */

/**
 * Runs the whole suite with CONFORMANCE_TARGET=sandbox and the emulator's settings, with vitest's default
 * reporter (kept as `outputTail`) and its JSON reporter (parsed into `tests`). The suite's coverage report
 * goes to a temporary directory, so it never touches the conformance package's own `reports/`.
 * A run that outlives `timeoutMs` is killed with its whole process group.
 * @param {Record<string, string>} emulatorEnv `emulator.env` (the sandbox contract variables)
 * @param {{ timeoutMs: number }} options
 * @returns {Promise<SandboxRun>}
 */
export async function runConformanceInSandboxMode(emulatorEnv, { timeoutMs }) {
  const workDir = await mkdtemp(join(tmpdir(), 'conformance-sandbox-'));
  const reportFile = join(workDir, 'report.json');
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !SUITE_SETTING.test(name) && name !== 'FORCE_COLOR'),
  );
  const env = {
    ...inherited,
    ...emulatorEnv,
    CONFORMANCE_TARGET: 'sandbox',
    CONFORMANCE_REPORTS_DIR: join(workDir, 'reports'),
    NO_COLOR: '1',
  };
  const args = [CONFORMANCE_BIN, '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`];
  // Its own process group, so that a timeout ends the bin, its vitest and vitest's workers together.
  const child = spawn(process.execPath, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
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
      outputTail: output.split('\n').slice(-OUTPUT_TAIL_LINES).join('\n'),
      tests: await readReport(reportFile),
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
