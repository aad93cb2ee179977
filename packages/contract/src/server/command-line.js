import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { meantName } from '../closest-first.js';
import { DEFAULT_HOST } from './default-addresses.js';
import { DEFAULT_JOURNAL_SIZE } from './request-journal.js';

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
 * unknown flag (with the flag it most likely meant: `unknown option '--prot' (did you mean --port?)`), a missing value
 * or a stray argument is a usage error ({@link usageError}).
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
    const { code, message } = /** @type {NodeJS.ErrnoException} */ (error);
    const unknown = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /'(-[^']*)'/.exec(message)?.[1] : undefined;
    if (unknown === undefined) return usageError(command, message);
    const meant = meantFlag(unknown, Object.keys(config.options ?? {}));
    return usageError(command, `unknown option '${unknown}'${meant ? ` (did you mean ${meant}?)` : ''}`);
  }
}

/**
 * The flag a mistyped one most likely meant, as it is typed (`--port`), or undefined when none is close.
 * @param {string} typed as given (`--prot`, `-prot`, `--Port`)
 * @param {Iterable<string>} names the flags' names, without dashes (`port`)
 * @returns {string | undefined}
 */
export function meantFlag(typed, names) {
  // A letter (`-x`) is one edit from every other letter: no guess is better than a wrong one.
  if (/^-[^-]$/.test(typed)) return undefined;
  const meant = meantName(typed.replace(/^-+/, '').replace(/=.*$/s, ''), [...names, 'help']);
  return meant && `--${meant}`;
}

/**
 * Reads the command line of a server's command: `[options]` serves in the foreground; `exec [options] -- <command>
 * [arguments...]` runs a command against the server ({@link import('./exec-command.js').execCommand}), which must
 * follow `--`. A first word close to `exec` is refused as the typo it is.
 * @template {import('node:util').ParseArgsConfig} Config
 * @param {CommandLine} command
 * @param {Config} config as for {@link readFlags}
 * @returns {ReturnType<typeof parseArgs<Config>> & { run: string[] | undefined }} `run`: the command exec runs
 */
export function readServerCommandLine(command, config) {
  const args = config.args ?? process.argv.slice(2);
  const [first = ''] = args;
  if (first !== 'exec') {
    if (first !== '' && !first.startsWith('-') && meantName(first, ['exec']))
      usageError(command, `unknown command '${first}' (did you mean exec?)`);
    return { ...flagsOf(command, config, args), run: undefined };
  }
  const end = args.indexOf('--');
  const flags = end === -1 ? args.slice(1) : args.slice(1, end);
  const run = end === -1 ? [] : args.slice(end + 1);
  if (run.length === 0 && !flags.includes('-h') && !flags.includes('--help'))
    usageError(command, `exec runs the command that follows --, as in: ${command.name} exec --port 0 -- npm test`);
  return { ...flagsOf(command, config, flags), run };
}

/**
 * {@link readFlags} of some of the arguments, typed as the config's own.
 * @template {import('node:util').ParseArgsConfig} Config
 * @param {CommandLine} command
 * @param {Config} config
 * @param {readonly string[]} args
 * @returns {ReturnType<typeof parseArgs<Config>>}
 */
function flagsOf(command, config, args) {
  return /** @type {ReturnType<typeof parseArgs<Config>>} */ (readFlags(command, { ...config, args }));
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

/** The flags every server's command takes, for `readFlags`: where it listens, and its request journal. */
export const SERVER_FLAGS = Object.freeze(
  /** @type {const} */ ({
    port: { type: 'string' },
    host: { type: 'string' },
    journal: { type: 'string' },
    'journal-size': { type: 'string' },
  }),
);

/**
 * The usage lines of {@link SERVER_FLAGS}, aligned with a command's own.
 * @param {number} defaultPort
 */
export function serverFlagsUsage(defaultPort) {
  return [
    `  --port <n>            port to listen on (default ${defaultPort}; 0 picks a free one)`,
    `  --host <address>      interface to listen on (default ${DEFAULT_HOST})`,
    `  --journal <file>      append each request the server receives to this file, one JSON line each`,
    `  --journal-size <n>    how many requests the journal keeps (default ${DEFAULT_JOURNAL_SIZE})`,
  ].join('\n');
}

/**
 * What {@link SERVER_FLAGS} ask for, checked: a value out of range is a usage error.
 * @param {CommandLine} command
 * @param {{ port?: string, host?: string, journal?: string, 'journal-size'?: string }} values
 * @param {number} defaultPort
 * @returns {{ port: number, host: string, journal: { size: number, file: string | undefined } }}
 */
export function serverOptionsOf(command, values, defaultPort) {
  return {
    port: integerFlag(command, '--port', values.port, { min: 0, max: 65535, fallback: defaultPort }),
    host: values.host ?? DEFAULT_HOST,
    journal: {
      size: integerFlag(command, '--journal-size', values['journal-size'], {
        min: 1,
        max: 10_000_000,
        fallback: DEFAULT_JOURNAL_SIZE,
      }),
      file: values.journal,
    },
  };
}

/**
 * Writes a server's settings as `NAME=value` lines under a comment, for a script to source (`--write-env`): the same
 * settings `exec` puts in its command's environment.
 * @param {string} file
 * @param {Record<string, string>} settings
 * @param {string} comment the first line, without its `# `
 * @throws {Error} naming the file and why it could not be written
 */
export function writeEnvFile(file, settings, comment) {
  const lines = Object.entries(settings).map(([name, value]) => `${name}=${value}`);
  try {
    writeFileSync(file, `# ${comment}\n${lines.join('\n')}\n`);
  } catch (error) {
    throw new Error(`cannot write --write-env ${file}: ${/** @type {Error} */ (error).message}`);
  }
}
