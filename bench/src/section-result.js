// What a section is: one file of src/sections, named in bin/bench.js, that measures and answers its part of the report.

/**
 * What every section receives.
 * @typedef {object} BenchContext
 * @property {import('./options.js').RunCounts} runs how many times each thing is measured
 * @property {string} tempDir scratch space, removed when the run ends
 * @property {(message: string) => void} log progress, to stderr (the report goes to stdout)
 */

/**
 * What a section answers: its part of the report and the targets it measured.
 * @typedef {object} SectionResult
 * @property {string} id the section's name (`--only` takes it)
 * @property {string} title
 * @property {string} markdown prose and tables
 * @property {import('./report/targets.js').TargetResult[]} targets
 */

/**
 * A section. A figure it could not measure is "not measured", with why, never an exception that ends the run.
 * @typedef {(context: BenchContext) => Promise<SectionResult>} Section
 */

/**
 * The answer of a section that has no figures: why, and its targets, each "not measured" for that reason.
 * @param {{ id: string, title: string }} section
 * @param {unknown} reason a sentence, or the error that stopped the measurement
 * @param {(reason: string) => import('./report/targets.js').TargetResult[]} targets
 * @returns {SectionResult}
 */
export function notMeasured(section, reason, targets) {
  const why = reason instanceof Error ? reason.message : String(reason);
  return { ...section, markdown: `Not measured: ${why}`, targets: targets(why) };
}
