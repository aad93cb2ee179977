/** The sections of the report, in order; `--only` takes these names. */
export const SECTIONS = ['pipeline', 'client', 'bundle', 'mock', 'scale'];

/**
 * @typedef {object} RunCounts
 * @property {number} coldBuild cold `pnpm build` runs
 * @property {number} warmBuild warm `pnpm build` runs
 * @property {number} stage runs of each pipeline stage
 * @property {number} clientBatches interleaved batches per client and transport
 * @property {number} mockStarts mock starts timed to the first 200
 * @property {number} throughputRounds rounds of each mock throughput measurement
 * @property {number} throughputSeconds length of one throughput round
 * @property {Record<number, number>} scale runs per generated spec size (operations -> runs)
 * @property {number} scaleTimeoutMs bound of each scale step
 */

/**
 * Full run: medians of 3 runs or more everywhere (5 for the warm build, 15 batches per client), which keeps
 * `pnpm bench` under 10 minutes on a 2-core machine; the 5,000-operation spec is most of it.
 * @type {RunCounts}
 */
export const FULL_RUNS = {
  coldBuild: 3,
  warmBuild: 5,
  stage: 3,
  clientBatches: 15,
  mockStarts: 3,
  throughputRounds: 3,
  throughputSeconds: 3,
  scale: { 100: 3, 1000: 3, 5000: 3 },
  scaleTimeoutMs: 180_000,
};

/** `--quick`: one run of each, no 5,000-operation spec; a smoke test of the bench, not figures to quote. */
export const QUICK_RUNS = {
  coldBuild: 1,
  warmBuild: 2,
  stage: 1,
  clientBatches: 5,
  mockStarts: 1,
  throughputRounds: 1,
  throughputSeconds: 1,
  scale: { 100: 1, 1000: 1 },
  scaleTimeoutMs: 60_000,
};

export const USAGE = `Usage: pnpm bench [--only <section>[,<section>...]] [--quick] [--out <file>] [--no-write]

Sections: ${SECTIONS.join(', ')} (default: all).
  --only      run these sections only (repeatable)
  --quick     one run of each, scale at 100 and 1,000 operations only
  --out       write the report to this file (default: BENCHMARKS.md at the repository root,
              written only by a full run of every section)
  --no-write  print the report, write nothing`;

/**
 * @typedef {object} BenchOptions
 * @property {string[]} sections
 * @property {boolean} quick
 * @property {RunCounts} runs
 * @property {string | null} out where to write the report; null: print only
 * @property {boolean} help
 */

/**
 * Parses the command line of `pnpm bench`.
 * @param {string[]} argv arguments after the script name
 * @param {{ defaultOut: string }} defaults
 * @returns {BenchOptions}
 * @throws {Error} on an unknown flag or section, with the usage in the message
 */
export function parseBenchOptions(argv, { defaultOut }) {
  const only = [];
  let quick = false;
  let out;
  let noWrite = false;
  let help = false;
  for (let index = 0; index < argv.length; index += 1) {
    const [flag, inlineValue] = argv[index].split(/=(.*)/s, 2);
    const value = () => {
      if (inlineValue !== undefined) return inlineValue;
      index += 1;
      return argv[index] ?? fail(`${flag} needs a value`);
    };
    if (flag === '--only') only.push(...value().split(','));
    else if (flag === '--quick') quick = true;
    else if (flag === '--out') out = value();
    else if (flag === '--no-write') noWrite = true;
    else if (flag === '--help' || flag === '-h') help = true;
    else if (flag !== '--') fail(`unknown argument ${argv[index]}`);
  }
  const unknown = only.filter((name) => !SECTIONS.includes(name));
  if (unknown.length > 0) fail(`unknown section ${unknown.join(', ')}`);
  const sections = only.length > 0 ? SECTIONS.filter((name) => only.includes(name)) : SECTIONS;
  // BENCHMARKS.md holds complete runs only: a partial or quick run is printed unless --out names a file.
  const complete = !quick && sections.length === SECTIONS.length;
  const target = noWrite ? null : (out ?? (complete ? defaultOut : null));
  return { sections, quick, runs: quick ? QUICK_RUNS : FULL_RUNS, out: target, help };
}

function fail(message) {
  throw new Error(`${message}\n\n${USAGE}`);
}
