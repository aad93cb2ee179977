import { dirname, relative, resolve } from 'node:path';
import { PACKAGE_DIR, runRedocly } from './run-redocly.js';

/** `redocly lint` exits 1 when it finds problems; that is a result, not a failure of the run. */
const EXIT_PROBLEMS_FOUND = 1;

/**
 * What `redocly lint --format json` prints, the fields read here.
 * @typedef {object} JsonReport
 * @property {{ errors: number, warnings: number }} totals
 * @property {{ ruleId: string, message: string, location: JsonLocation[] }[]} problems
 *
 * @typedef {{ source: { ref: string }, pointer: string }} JsonLocation
 */

/**
 * Runs `redocly lint --format json` on one file with one config, the way a user runs it, and
 * returns its problems in a shape that is easy to compare.
 *
 * @param {string} file the API description, absolute or relative to this package
 * @param {string} config the redocly.yaml to use (it loads the plugin), same base
 * @returns {Promise<{ errors: number, warnings: number, problems: LintProblem[] }>}
 *
 * @typedef {{ ruleId: string, message: string, file: string, pointer: string }} LintProblem
 */
export async function runRedoclyLint(file, config) {
  const args = ['lint', resolvePath(file), '--config', resolvePath(config), '--format', 'json'];
  const stdout = await runRedocly(args).then(
    (result) => result.stdout,
    (error) => {
      if (error.code === EXIT_PROBLEMS_FOUND && error.stdout) return error.stdout;
      throw new Error(`redocly lint failed (exit ${error.code}):\n${error.stderr}\n${error.stdout}`);
    },
  );
  const report = /** @type {JsonReport} */ (JSON.parse(stdout));
  return {
    errors: report.totals.errors,
    warnings: report.totals.warnings,
    problems: report.problems.map(({ ruleId, message, location: [where] }) => ({
      ruleId,
      message,
      file: relative(dirname(resolvePath(file)), resolvePath(where.source.ref)),
      pointer: where.pointer,
    })),
  };
}

/**
 * @param {string} path
 * @returns {string}
 */
function resolvePath(path) {
  return resolve(PACKAGE_DIR, path);
}
