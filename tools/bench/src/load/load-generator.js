import { AUTOCANNON_VERSION, runAutocannon } from './autocannon.js';
import { findWrk, runWrk } from './wrk.js';

/**
 * A load generator: a tool in a process of its own that sends the requests of a run.
 * @typedef {object} LoadGenerator
 * @property {'autocannon' | 'wrk'} name
 * @property {string} label name and version, for the report
 * @property {(target: import('./load-result.js').LoadTarget, plan: import('./load-result.js').LoadPlan) =>
 *   Promise<import('./load-result.js').LoadResult>} run
 */

/** The generators `--generator` takes; the first is the default. */
export const LOAD_GENERATORS = /** @type {const} */ (['wrk', 'autocannon']);

/**
 * autocannon: installed with the workspace (pinned in the catalog), so every machine has the same one. It cannot be
 * had otherwise than from the lockfile, so this never fails.
 * @returns {LoadGenerator}
 */
export function autocannonGenerator() {
  return { name: 'autocannon', label: `autocannon ${AUTOCANNON_VERSION}`, run: runAutocannon };
}

/**
 * wrk (C, one thread), from the PATH, installed from Debian's packages when missing and allowed.
 * @param {{ install: boolean, log?: (message: string) => void }} options
 * @returns {LoadGenerator | { reason: string }}
 */
export function wrkGenerator(options) {
  const found = findWrk(options);
  if (!found.path) return { reason: found.reason ?? 'wrk not found' };
  const wrk = found.path;
  return { name: 'wrk', label: `wrk ${found.version}`, run: (target, plan) => runWrk(wrk, target, plan) };
}
