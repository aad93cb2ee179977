import { spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { samplePeakMemory } from './peak-memory-sampler.js';

/** GNU time: its `-v` report gives the peak resident set of the largest process in the tree it waited for. */
const GNU_TIME = '/usr/bin/time';
/** Output kept per stream for error messages; a type generator can print megabytes. */
const KEPT_OUTPUT_CHARS = 64 * 1024;

/** Which way peak memory is measured on this machine, for the report. */
export const PEAK_MEMORY_METHOD = hasGnuTime()
  ? 'peak RSS of the largest process in the tree, from `/usr/bin/time -v`'
  : 'peak RSS (VmHWM) of the largest process in the tree, sampled from /proc every 100 ms';

/**
 * @typedef {object} MeasuredRun
 * @property {number} wallMs wall time from spawn to exit (or to the kill at the timeout)
 * @property {number | null} peakRssBytes null when it could not be read
 * @property {number | null} exitCode
 * @property {boolean} timedOut
 * @property {string} stdout the last 64 KiB
 * @property {string} stderr the last 64 KiB
 */

/**
 * Runs a command as a child process (its own process group) and measures its wall time and peak memory.
 * At `timeoutMs` the whole group is killed and the run is reported as timed out instead of hanging.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, timeoutMs: number }} options
 * @returns {Promise<MeasuredRun>}
 */
export async function runMeasured(command, args, { cwd, env, timeoutMs }) {
  const reportDir = hasGnuTime() ? mkdtempSync(join(tmpdir(), 'bench-time-')) : undefined;
  const reportFile = reportDir && join(reportDir, 'time.txt');
  const [file, argv] = reportFile ? [GNU_TIME, ['-v', '-o', reportFile, command, ...args]] : [command, args];

  const started = performance.now();
  const child = spawn(file, argv, { cwd, env: env ?? process.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const pid = /** @type {number} */ (child.pid);
  const sampler = reportFile ? undefined : samplePeakMemory(pid);
  const stdout = collect(child.stdout);
  const stderr = collect(child.stderr);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(pid);
  }, timeoutMs);

  const exitCode = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  }).finally(() => clearTimeout(timer));
  const wallMs = performance.now() - started;

  let peakRssBytes = sampler ? sampler.stop() : null;
  if (reportFile) {
    peakRssBytes = readGnuTimePeak(reportFile);
    rmSync(reportDir, { recursive: true, force: true });
  }
  return { wallMs, peakRssBytes, exitCode: timedOut ? null : exitCode, timedOut, stdout: stdout(), stderr: stderr() };
}

/**
 * Runs a package.json script the way `pnpm run` does (sh -c, with node_modules/.bin of the package and of
 * the root on PATH) but without pnpm's own start-up, so a stage's time is the tool's time.
 * @param {string} script the command line from package.json
 * @param {{ cwd: string, binDirs: string[], timeoutMs: number }} options
 * @returns {Promise<MeasuredRun>}
 */
export function runScriptMeasured(script, { cwd, binDirs, timeoutMs }) {
  const PATH = [...binDirs, process.env.PATH].join(':');
  return runMeasured('sh', ['-c', script], { cwd, env: { ...process.env, PATH }, timeoutMs });
}

/**
 * One line on why a measured run failed, for a report cell: "timed out" or the exit code and the last
 * line of its output.
 * @param {MeasuredRun} run
 * @returns {string}
 */
export function describeFailure(run) {
  if (run.timedOut) return 'timed out';
  const lastLine = `${run.stderr}\n${run.stdout}`.trim().split('\n').at(-1) ?? '';
  return `exit ${run.exitCode} (${lastLine.slice(0, 160)})`;
}

function hasGnuTime() {
  try {
    accessSync(GNU_TIME, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** @param {string} reportFile */
function readGnuTimePeak(reportFile) {
  try {
    const match = /Maximum resident set size \(kbytes\): (\d+)/.exec(readFileSync(reportFile, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null; // time itself was killed at the timeout before it wrote its report
  }
}

/** @param {import('node:stream').Readable} stream */
function collect(stream) {
  let text = '';
  stream.setEncoding('utf8');
  stream.on('data', (/** @type {string} */ chunk) => {
    text = (text + chunk).slice(-KEPT_OUTPUT_CHARS);
  });
  return () => text;
}

/** @param {number} pid */
function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ESRCH') throw error;
  }
}
