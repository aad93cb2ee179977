import { spawnSync } from 'node:child_process';
import { runMeasured } from '../measure/run-measured.js';

/**
 * @typedef {object} WrkFound
 * @property {string} [path] the wrk to run
 * @property {string} [version] as it prints it
 * @property {string} [reason] why there is none
 */

/**
 * wrk, from the PATH, or installed from Debian's packages when it is missing and this runs as root with apt-get.
 * @param {{ install: boolean, log?: (message: string) => void }} options install: allowed to install it
 * @returns {WrkFound}
 */
export function findWrk({ install, log = () => {} }) {
  const found = probe();
  if (found.path || !install) return found;
  const root = process.getuid?.() === 0;
  const hasAptGet = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!root || !hasAptGet) return { reason: `wrk is not on the PATH (install it: apt-get install wrk)` };
  log("wrk is missing: installing Debian's wrk (apt-get)");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (/** @type {string[]} */ ...args) => spawnSync('apt-get', args, { stdio: 'ignore', env }).status === 0;
  // The package lists may be missing or stale on a fresh machine: read them again before giving up.
  const installed = apt('install', '-y', '-q', 'wrk') || (apt('update', '-q') && apt('install', '-y', '-q', 'wrk'));
  return installed ? probe() : { reason: 'wrk is not on the PATH and apt-get install wrk failed' };
}

/** @returns {WrkFound} */
function probe() {
  const run = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (run.error) return { reason: 'wrk is not on the PATH' };
  // `wrk --version` prints its banner and the usage, and exits 1.
  const version = /^wrk\s+(\S+)/m.exec(`${run.stdout}${run.stderr}`)?.[1] ?? 'unknown';
  return { path: 'wrk', version };
}

/**
 * Loads a target with wrk (one thread: the other core is the server's).
 * @param {string} wrk
 * @param {import('./load-result.js').LoadTarget} target
 * @param {import('./load-result.js').LoadPlan} plan
 * @returns {Promise<import('./load-result.js').LoadResult>}
 */
export async function runWrk(wrk, target, { connections, seconds = 3, amount }) {
  if (amount !== undefined) throw new Error('wrk runs for a time, not a number of requests');
  const headers = Object.entries(target.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...headers, target.url];
  const run = await runMeasured(wrk, args, { timeoutMs: (seconds + 30) * 1000 });
  if (run.exitCode !== 0) throw new Error(`wrk failed (exit ${run.exitCode}): ${run.stderr.trim()}`);
  return parseWrkOutput(run.stdout);
}

/**
 * Reads wrk's report (run with `--latency`).
 * @param {string} output
 * @returns {import('./load-result.js').LoadResult}
 * @throws {Error} when a figure is missing
 */
export function parseWrkOutput(output) {
  const total = Number(/(\d+) requests in /.exec(output)?.[1]);
  const duration = /requests in ([\d.]+)(ms|s|m)\b/.exec(output);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const errors = socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  const p50Ms = latencyMs(output, '50%');
  const p99Ms = latencyMs(output, '99%');
  if (!duration || Number.isNaN(total) || p50Ms === undefined || p99Ms === undefined) {
    throw new Error(`wrk's output has no request count or latency distribution:\n${output}`);
  }
  const seconds = Number(duration[1]) * { ms: 0.001, s: 1, m: 60 }[/** @type {'ms' | 's' | 'm'} */ (duration[2])];
  const ok = total - non2xx;
  return { requestsPerSecond: ok / seconds, p50Ms, p99Ms, ok, failed: non2xx + errors };
}

/**
 * One line of wrk's latency distribution (`    99%    5.52ms`) in milliseconds.
 * @param {string} output
 * @param {string} percentile
 */
function latencyMs(output, percentile) {
  const match = new RegExp(`^\\s+${percentile}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(output);
  if (!match) return undefined;
  return Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[/** @type {'us' | 'ms' | 's'} */ (match[2])];
}
