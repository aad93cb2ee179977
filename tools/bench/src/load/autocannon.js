import { fileURLToPath } from 'node:url';
import { runMeasured } from '../measure/run-measured.js';
import { packageVersion } from '../workspace.js';

const AUTOCANNON_PROCESS = fileURLToPath(new URL('./autocannon-process.js', import.meta.url));
/** A run asked for seconds ends soon after; one asked for a number of requests has this long. */
const AMOUNT_TIMEOUT_MS = 120_000;

/** The pinned autocannon, as the report names it. */
export const AUTOCANNON_VERSION = packageVersion('autocannon');

/**
 * Loads a target with autocannon running in a process of its own.
 * @param {import('./load-result.js').LoadTarget} target
 * @param {import('./load-result.js').LoadPlan} plan
 * @returns {Promise<import('./load-result.js').LoadResult>}
 */
export async function runAutocannon(target, { connections, seconds, amount }) {
  const options = { url: target.url, headers: target.headers, connections, seconds, amount };
  const timeoutMs = amount === undefined ? ((seconds ?? 10) + 30) * 1000 : AMOUNT_TIMEOUT_MS;
  const run = await runMeasured(process.execPath, [AUTOCANNON_PROCESS, JSON.stringify(options)], { timeoutMs });
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  if (run.exitCode !== 0 || !line.startsWith('{')) {
    throw new Error(`autocannon failed (${run.timedOut ? 'timed out' : `exit ${run.exitCode}`}): ${run.stderr.trim()}`);
  }
  const result = JSON.parse(line);
  return {
    requestsPerSecond: result.ok / result.seconds,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    ok: result.ok,
    failed: result.notOk + result.errors,
  };
}
