/**
 * @typedef {object} CommandLine one command of this repository's bins, for its messages
 * @property {string} name the command, the first word of each message (`payments-connect-mock`)
 * @property {string} usage what `--help` prints, and every usage error after the problem
 */

/** The exit status of a usage error: a flag unknown, misspelt or with a value out of range. Nothing was started. */
export const EXIT_USAGE = 2;

/** The exit status of a failure at run time: a port in use, a file that cannot be read. */
export const EXIT_FAILURE = 1;

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
 * Says in one line what is wrong with what a file given to the command holds (a snapshot, a scenario), and exits
 * {@link EXIT_USAGE}: the flags were right, and the usage after the problem would only bury the line that matters.
 * @param {CommandLine} command
 * @param {string} problem
 * @returns {never}
 */
export function dataError(command, problem) {
  process.stderr.write(`${command.name}: ${problem}\n`);
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
