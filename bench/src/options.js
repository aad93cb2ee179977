import { meantName } from '@payments-connect/contract';
import { meantFlag } from '@payments-connect/contract/command-line';

/** Sections a `--quick` run leaves out unless `--only` names them: one run of them takes minutes. */
const SLOW_SECTIONS = ['fresh-test'];

/**
 * How many times each thing is measured: in a full run, medians of 3 runs or more (5 for the warm build and the
 * servers' load rounds, 21 short paired rounds of the proxies, 11 rounds of starts, 15 batches per client) and scale
 * at 100, 1,000 and 5,000 operations (operations -> runs); in a quick run, one of each and no 5,000-operation spec: a
 * smoke test of the bench, not figures to quote. A start takes a fraction of a second and its figure moves with every
 * other process of the machine: more rounds buy a steadier median.
 * @param {boolean} quick
 */
export function runCounts(quick) {
  const runs = quick ? 1 : 3;
  return {
    coldBuild: runs,
    warmBuild: quick ? 2 : 5,
    clientBatches: quick ? 5 : 15,
    warmupSeconds: quick ? 1 : 2,
    loadRounds: quick ? 1 : 5,
    loadSeconds: quick ? 1 : 3,
    // The proxies' paired rounds: their ratios move by a tenth from one second to the next on a shared host, so the
    // median of many short rounds, not of a few long ones, keeps a 10 % target from reading the host's weather.
    pairRounds: quick ? 1 : 21,
    pairSeconds: 1,
    starts: quick ? 1 : 11,
    conformance: runs,
    /** @type {Record<number, number>} */
    scale: quick ? { 100: runs, 1000: runs } : { 100: runs, 1000: runs, 5000: runs },
    scaleTimeoutMs: quick ? 60_000 : 180_000,
  };
}
/** @typedef {ReturnType<typeof runCounts>} RunCounts */

/**
 * The usage of `pnpm bench`, naming its sections.
 * @param {readonly string[]} sections
 * @returns {string}
 */
export function usage(sections) {
  return `Usage: pnpm bench [--only <section>[,<section>...]] [--quick] [--out <file>] [--no-write]

Sections: ${sections.join(', ')} (default: all).
  --only       run these sections only (repeatable)
  --quick      one run of each, scale at 100 and 1,000 operations only, no ${SLOW_SECTIONS.join(', ')}
  --out        write the report to this file (default: BENCHMARKS.md at the repository root,
               written only by a full run of every section)
  --no-write   print the report, write nothing`;
}

/** The flags of `pnpm bench`, without their dashes. */
const FLAGS = ['only', 'out', 'quick', 'no-write', 'help'];

/** @param {string | undefined} name */
const meant = (name) => (name ? ` (did you mean ${name}?)` : '');

/**
 * Parses the command line of `pnpm bench`.
 * @param {string[]} argv arguments after the script name
 * @param {{ sections: readonly string[], defaultOut: string }} known every section in the report's order, and where
 *   a full run writes
 * @returns {{ sections: string[], quick: boolean, runs: RunCounts, out: string | null, help: boolean }} the sections
 *   in the report's order; out: where to write the report, null to print it only
 * @throws {Error} on an unknown flag or section (naming the one most likely meant), with the usage in the message
 */
export function parseBenchOptions(argv, { sections: known, defaultOut }) {
  const fail = (/** @type {string} */ message) => {
    throw new Error(`${message}\n\n${usage(known)}`);
  };
  /** @type {string[]} */
  const only = [];
  const flags = new Set();
  /** @type {string | undefined} */
  let out;
  for (let index = 0; index < argv.length; index += 1) {
    const [flag, inline] = String(argv[index]).split(/=(.*)/s, 2);
    const value = () => {
      if (inline !== undefined) return inline;
      index += 1;
      return argv[index] ?? fail(`${flag} needs a value`);
    };
    if (flag === '--only') only.push(...value().split(','));
    else if (flag === '--out') out = value();
    else if (['--quick', '--no-write', '--help', '-h'].includes(flag ?? '')) flags.add(flag);
    else if (flag !== '--') fail(`unknown argument ${argv[index]}${meant(meantFlag(String(flag), FLAGS))}`);
  }
  const unknown = only.filter((name) => !known.includes(name));
  if (unknown.length > 0)
    fail(`unknown section ${unknown.map((name) => `${name}${meant(meantName(name, known))}`).join(', ')}`);
  const quick = flags.has('--quick');
  const sections = known.filter((name) =>
    only.length > 0 ? only.includes(name) : !quick || !SLOW_SECTIONS.includes(name),
  );
  // BENCHMARKS.md holds complete runs only: a partial or quick run is printed unless --out names a file.
  const complete = !quick && sections.length === known.length;
  const target = flags.has('--no-write') ? null : (out ?? (complete ? defaultOut : null));
  const help = flags.has('--help') || flags.has('-h');
  return { sections, quick, runs: runCounts(quick), out: target, help };
}
