import { parseArgs } from 'node:util';

/** The exit status of a usage error: a flag unknown, misspelt or with a value out of range. Nothing was started. */
export const EXIT_USAGE = 2;

/** The exit status of a failure at run time: a port in use, a file that cannot be read. */
export const EXIT_FAILURE = 1;

/**
 * @typedef {object} CommandLine one command of this repository's bins, for its messages
 * @property {string} name the command, the first word of each message (`payments-connect-mock`)
 * @property {string} usage what `--help` prints, and every usage error after the problem
 */

/**
 * Reads a command's flags with `node:util`'s `parseArgs`, strictly: `-h`/`--help` prints the usage and exits 0; an
 * unknown flag, a missing value or a stray argument is a usage error ({@link usageError}).
 * @template {import('node:util').ParseArgsConfig} Config
 * @param {CommandLine} command
 * @param {Config} config what `parseArgs` takes; `args` defaults to the process's arguments
 * @returns {ReturnType<typeof parseArgs<Config>>}
 */
export function readFlags(command, config) {
  const args = config.args ?? process.argv.slice(2);
  const flags = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
  if (flags.includes('-h') || flags.includes('--help')) {
    process.stdout.write(`${command.usage}\n`);
    process.exit(0);
  }
  try {
    // Strict, as parseArgs is by default: a config that turned it off would let a typo pass unseen.
    return /** @type {ReturnType<typeof parseArgs<Config>>} */ (parseArgs({ ...config, args, strict: true }));
  } catch (error) {
    return usageError(command, /** @type {Error} */ (error).message);
  }
}

/**
 * Reads an integer flag; a value that is no integer in range is a usage error.
 * @param {CommandLine} command
 * @param {string} flag the flag as typed (`--port`)
 * @param {string | undefined} text its value, undefined when absent
 * @param {{ min: number, max: number, fallback: number }} range
 * @returns {number}
 */
export function integerFlag(command, flag, text, { min, max, fallback }) {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max)
    usageError(command, `${flag} must be an integer from ${min} to ${max}, got '${text}'`);
  return value;
}

/**
 * Says what is wrong with the command line, then the usage, and exits {@link EXIT_USAGE}.
 * @param {CommandLine} command
 * @param {string} problem
 * @returns {never}
 */
export function usageError(command, problem) {
  process.stderr.write(`${command.name}: ${problem}\n\n${command.usage}\n`);
  process.exit(EXIT_USAGE);
}

/**
 * Says in one line why the command failed at run time, and exits {@link EXIT_FAILURE}.
 * @param {CommandLine} command
 * @param {string} problem
 * @returns {never}
 */
export function runFailure(command, problem) {
  process.stderr.write(`${command.name}: ${problem}\n`);
  process.exit(EXIT_FAILURE);
}
