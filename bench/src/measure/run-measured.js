import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/**
 * @typedef {object} MeasuredRun
 * @property {number} wallMs from the spawn to the exit (or to the kill at the timeout)
 * @property {number | null} exitCode null when killed at the timeout
 * @property {boolean} timedOut
 * @property {string} stdout its end
 * @property {string} stderr its end
 */

/**
 * Runs a command in a process group of its own and measures its wall time. At `timeoutMs` the whole group is killed:
 * the run is reported as timed out instead of hanging.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, timeoutMs: number, keptChars?: number }} options keptChars: how
 *   much of the end of each stream is kept (a type generator can print megabytes)
 * @returns {Promise<MeasuredRun>}
 */
export async function runMeasured(command, args, { cwd, env, timeoutMs, keptChars = 64 * 1024 }) {
  const started = performance.now();
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const [stdout, stderr] = [child.stdout, child.stderr].map((stream) => {
    const kept = { text: '' };
    stream.setEncoding('utf8').on('data', (/** @type {string} */ chunk) => {
      kept.text = (kept.text + chunk).slice(-keptChars);
    });
    return kept;
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
    } catch {} // the group is gone already
  }, timeoutMs);
  /** @type {number | null} */
  const exitCode = await new Promise((resolve, reject) => {
    child.once('error', reject).once('close', resolve);
  }).finally(() => clearTimeout(timer));
  const output = { stdout: stdout?.text ?? '', stderr: stderr?.text ?? '' };
  return { wallMs: performance.now() - started, exitCode: timedOut ? null : exitCode, timedOut, ...output };
}

/**
 * One line on why a measured run failed, for a report cell: "timed out", or the exit code and its last line of output.
 * @param {MeasuredRun} run
 */
export function describeFailure(run) {
  if (run.timedOut) return 'timed out';
  const lastLine = `${run.stderr}\n${run.stdout}`.trim().split('\n').at(-1) ?? '';
  return `exit ${run.exitCode} (${lastLine.slice(0, 160)})`;
}
