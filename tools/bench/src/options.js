import { LOAD_GENERATORS } from './load/load-generator.js';

/** The sections of the report, in order; `--only` takes these names. */
export const SECTIONS = [
  'pipeline',
  'client',
  'bundle',
  'servers',
  'start',
  'memory',
  'conformance',
  'scale',
  'fresh-test',
];
/** Sections a `--quick` run leaves out unless `--only` names them: one run of them takes minutes. */
const SLOW_SECTIONS = ['fresh-test'];

/**
 * @typedef {object} RunCounts
 * @property {number} coldBuild cold `pnpm build` runs
 * @property {number} warmBuild warm `pnpm build` runs
 * @property {number} stage runs of each pipeline stage
 * @property {number} clientBatches interleaved batches per client and transport
 * @property {number} warmupSeconds load on a server before it is measured
 * @property {number} loadRounds rounds of each server load measurement
 * @property {number} loadSeconds length of one round
 * @property {number} starts starts of each server timed to its first 200
 * @property {number} conformance runs of the conformance suite
 * @property {Record<number, number>} scale runs per generated spec size (operations -> runs)
 * @property {number} scaleTimeoutMs bound of each scale step
 */

/**
 * Full run: medians of 3 runs or more everywhere (5 for the warm build and the starts, 15 batches per client).
 * @type {RunCounts}
 */
export const FULL_RUNS = {
  coldBuild: 3,
  warmBuild: 5,
  stage: 3,
  clientBatches: 15,
  warmupSeconds: 2,
  loadRounds: 3,
  loadSeconds: 3,
  starts: 5,
  conformance: 3,
  scale: { 100: 3, 1000: 3, 5000: 3 },
  scaleTimeoutMs: 180_000,
};

/** `--quick`: one run of each, no 5,000-operation spec; a smoke test of the bench, not figures to quote. */
export const QUICK_RUNS = {
  coldBuild: 1,
  warmBuild: 2,
  stage: 1,
  clientBatches: 5,
  warmupSeconds: 1,
  loadRounds: 1,
  loadSeconds: 1,
  starts: 1,
  conformance: 1,
  scale: { 100: 1, 1000: 1 },
  scaleTimeoutMs: 60_000,
};

export const USAGE = `Usage: pnpm bench [--only <section>[,<section>...]] [--quick] [--generator wrk|autocannon]
                  [--out <file>] [--no-write]

Sections: ${SECTIONS.join(', ')} (default: all).
  --only       run these sections only (repeatable)
  --quick      one run of each, scale at 100 and 1,000 operations only, no ${SLOW_SECTIONS.join(', ')}
  --generator  the load generator of the server figures: wrk (default; installed from Debian's packages when
               missing and run as root, else autocannon is used and the report says so) or autocannon
  --out        write the report to this file (default: BENCHMARKS.md at the repository root,
               written only by a full run of every section)
  --no-write   print the report, write nothing`;

/**
 * @typedef {object} BenchOptions
 * @property {string[]} sections
 * @property {boolean} quick
 * @property {RunCounts} runs
 * @property {'wrk' | 'autocannon'} generator
 * @property {string | null} out where to write the report; null: print only
 * @property {boolean} help
 */

/**
 * Parses the command line of `pnpm bench`.
 * @param {string[]} argv arguments after the script name
 * @param {{ defaultOut: string }} defaults
 * @returns {BenchOptions}
 * @throws {Error} on an unknown flag, section or generator, with the usage in the message
 */
export function parseBenchOptions(argv, { defaultOut }) {
  /** @type {string[]} */
  const only = [];
  let quick = false;
  /** @type {string | undefined} */
  let out;
  /** @type {string} */
  let generator = LOAD_GENERATORS[0];
  let noWrite = false;
  let help = false;
  for (let index = 0; index < argv.length; index += 1) {
    const [flag, inlineValue] = String(argv[index]).split(/=(.*)/s, 2);
    const value = () => {
      if (inlineValue !== undefined) return inlineValue;
      index += 1;
      return argv[index] ?? fail(`${flag} needs a value`);
    };
    if (flag === '--only') only.push(...value().split(','));
    else if (flag === '--quick') quick = true;
    else if (flag === '--generator') generator = value();
    else if (flag === '--out') out = value();
    else if (flag === '--no-write') noWrite = true;
    else if (flag === '--help' || flag === '-h') help = true;
    else if (flag !== '--') fail(`unknown argument ${argv[index]}`);
  }
  const unknown = only.filter((name) => !SECTIONS.includes(name));
  if (unknown.length > 0) fail(`unknown section ${unknown.join(', ')}`);
  if (!(/** @type {readonly string[]} */ (LOAD_GENERATORS).includes(generator))) fail(`unknown generator ${generator}`);
  const sections =
    only.length > 0
      ? SECTIONS.filter((name) => only.includes(name))
      : SECTIONS.filter((name) => !quick || !SLOW_SECTIONS.includes(name));
  // BENCHMARKS.md holds complete runs only: a partial or quick run is printed unless --out names a file.
  const complete = !quick && sections.length === SECTIONS.length;
  const target = noWrite ? null : (out ?? (complete ? defaultOut : null));
  return {
    sections,
    quick,
    runs: quick ? QUICK_RUNS : FULL_RUNS,
    generator: /** @type {'wrk' | 'autocannon'} */ (generator),
    out: target,
    help,
  };
}

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  throw new Error(`${message}\n\n${USAGE}`);
}
