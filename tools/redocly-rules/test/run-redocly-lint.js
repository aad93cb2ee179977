import { execFile } from 'node:child_process';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const REDOCLY_BIN = join(PACKAGE_DIR, 'node_modules', '.bin', 'redocly');
/** Silences the CLI's telemetry and update check: tests stay offline and quiet. */
const QUIET_ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
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
  const stdout = await promisify(execFile)(REDOCLY_BIN, args, {
    cwd: PACKAGE_DIR,
    env: { ...process.env, ...QUIET_ENV },
  }).then(
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
