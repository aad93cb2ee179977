import { spawnSync } from 'node:child_process';
import { runMeasured } from '../measure/run-measured.js';

/** @typedef {{ url: string, headers: Record<string, string> }} LoadTarget one URL and the headers of each request */

/**
 * What one load run measured.
 * @typedef {object} LoadResult
 * @property {number} requestsPerSecond answers of status 2xx per second of the run
 * @property {number} p50Ms
 * @property {number} p99Ms
 * @property {number} ok answers of status 2xx
 * @property {number} failed answers of another status, socket errors and timeouts
 */

/**
 * wrk's version as it prints it, or null when wrk is not on the PATH.
 * @returns {string | null}
 */
export function wrkVersion() {
  const run = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  // `wrk --version` prints its banner and the usage, and exits 1.
  return run.error ? null : (/^wrk\s+(\S+)/m.exec(`${run.stdout}${run.stderr}`)?.[1] ?? 'unknown');
}

/**
 * Loads a target with wrk for a time: one thread (the other core is the server's), each connection sending its next
 * request as soon as its answer is in. wrk is C and light, so the server, not the load, is what limits the rate.
 * @param {LoadTarget} target
 * @param {{ connections: number, seconds: number, core?: number }} plan core: the one core wrk runs on (`taskset`),
 *   kept apart from the servers' (see `pin-to-core.js`)
 * @returns {Promise<LoadResult>}
 */
export async function runWrk(target, { connections, seconds, core }) {
  const headers = Object.entries(target.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...headers, target.url];
  const [command, commandArgs] =
    core === undefined ? ['wrk', args] : ['taskset', ['--cpu-list', String(core), 'wrk', ...args]];
  const run = await runMeasured(command, commandArgs, { timeoutMs: (seconds + 30) * 1000 });
  if (run.exitCode !== 0) throw new Error(`wrk failed (exit ${run.exitCode}): ${run.stderr.trim()}`);
  return parseWrkOutput(run.stdout);
}

/**
 * Reads wrk's report (run with `--latency`).
 * @param {string} output
 * @returns {LoadResult}
 * @throws {Error} when a figure is missing
 */
export function parseWrkOutput(output) {
  const total = Number(/(\d+) requests in /.exec(output)?.[1]);
  const duration = /requests in ([\d.]+)(ms|s|m)\b/.exec(output);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output) ?? [];
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const [p50Ms, p99Ms] = ['50%', '99%'].map((percentile) => {
    const line = new RegExp(`^\\s+${percentile}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(output);
    return line && Number(line[1]) * { us: 0.001, ms: 1, s: 1000 }[/** @type {'us' | 'ms' | 's'} */ (line[2])];
  });
  if (!duration || Number.isNaN(total) || typeof p50Ms !== 'number' || typeof p99Ms !== 'number') {
    throw new Error(`wrk's output has no request count or latency distribution:\n${output}`);
  }
  const seconds = Number(duration[1]) * { ms: 0.001, s: 1, m: 60 }[/** @type {'ms' | 's' | 'm'} */ (duration[2])];
  const errors = socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0);
  return { requestsPerSecond: (total - non2xx) / seconds, p50Ms, p99Ms, ok: total - non2xx, failed: non2xx + errors };
}

/**
 * A run whose answers were not all 2xx measured something else than the server's work: an error, not a figure.
 * @param {{ ok: number, failed: number }} result
 * @param {string} what the target, for the message
 * @throws {Error} when any answer failed or none came
 */
export function requireAllOk(result, what) {
  if (result.failed > 0 || result.ok === 0) {
    throw new Error(`${what}: ${result.ok} answers 2xx, ${result.failed} failed (another status, errors, timeouts)`);
  }
}
