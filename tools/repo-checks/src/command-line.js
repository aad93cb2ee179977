// The command line of the repository checks and build steps. They keep the convention of the contract's command-line
// kit (`@payments-connect/contract/command-line`: a wrong input is one line and the usage, exit 2) but cannot use it:
// the contract's own build runs them, and the spec package, which nothing here may depend on, is written with them.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** @typedef {{ name: string, usage: string }} Command a command, for its messages */

/** The exit status of a wrong input: an unknown flag, an argument too many, a folder that is not there. */
export const EXIT_WRONG_INPUT = 2;

/**
 * Says what is wrong with the input in one line, then the usage, and exits {@link EXIT_WRONG_INPUT}.
 * @param {Command} command
 * @param {string} problem
 * @returns {never}
 */
export function wrongInput(command, problem) {
  process.stderr.write(`${command.name}: ${problem}\n\n${command.usage}\n`);
  process.exit(EXIT_WRONG_INPUT);
}

/**
 * Reads a command line strictly with `node:util`'s `parseArgs`: `-h`/`--help` prints the usage and exits 0; an unknown
 * flag, a flag without its value or an argument past the positionals the command takes is a {@link wrongInput}.
 * @param {Command} command
 * @param {string[]} args
 * @param {{ options?: import('node:util').ParseArgsConfig['options'], positionals?: number }} [takes] its flags,
 *   and how many positional arguments at most
 */
export function readCommandLine(command, args, { options = {}, positionals = 0 } = {}) {
  if (args.includes('-h') || args.includes('--help')) {
    process.stdout.write(`${command.usage}\n`);
    process.exit(0);
  }
  try {
    const read = parseArgs({ args, options, allowPositionals: true, strict: true });
    const extra = read.positionals[positionals];
    if (extra !== undefined) wrongInput(command, `unexpected argument '${extra}'`);
    return read;
  } catch (error) {
    const { code, message } = /** @type {NodeJS.ErrnoException} */ (error);
    // parseArgs goes on about `--` for an unknown option when positionals are allowed: the option is what matters.
    const unknown = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'(-[^']*)'/.exec(message)?.[1] : undefined;
    return wrongInput(command, unknown === undefined ? message : `unknown option '${unknown}'`);
  }
}

/**
 * Runs a command's `main` when its module is the process's command (run by node, or through a package's bin link),
 * not when a test imports it to call `main` itself.
 * @param {string} moduleUrl the command module's `import.meta.url`
 * @param {(args: string[]) => unknown} main
 */
export async function runAsCommand(moduleUrl, main) {
  const invoked = process.argv[1];
  if (invoked !== undefined && realpathSync(invoked) === fileURLToPath(moduleUrl)) await main(process.argv.slice(2));
}
