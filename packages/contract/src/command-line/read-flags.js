import { parseArgs } from 'node:util';
import { meantName } from '../model/closest-first.js';
import { usageError } from './command-errors.js';

/**
 * @typedef {import('./command-errors.js').CommandLine} CommandLine
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
 * follow `--`. `exec` after some of the options (`--port 0 exec -- npm test`) is read as if it came first: what the
 * line means is plain. A first word close to `exec` is refused as the typo it is.
 * @template {import('node:util').ParseArgsConfig} Config
 * @param {CommandLine} command
 * @param {Config} config as for {@link readFlags}
 * @returns {ReturnType<typeof parseArgs<Config>> & { run: string[] | undefined }} `run`: the command exec runs
 */
export function readServerCommandLine(command, config) {
  const given = config.args ?? process.argv.slice(2);
  const args = execFirst(given, config);
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
 * The arguments with `exec` moved to the front when it is the first word that is no option nor an option's value
 * (`--port 0 exec -- npm test`), as it is when it comes first.
 * @param {readonly string[]} args
 * @param {import('node:util').ParseArgsConfig} config
 * @returns {readonly string[]}
 */
function execFirst(args, config) {
  const end = args.indexOf('--');
  const before = end === -1 ? args : args.slice(0, end);
  if (before[0] === 'exec' || !before.includes('exec')) return args;
  // Not strict: a word is told from an option's value by the options declared; an unknown option is refused later.
  const { tokens } = parseArgs({ args: [...before], options: config.options, strict: false, tokens: true });
  const word = tokens.find((token) => token.kind === 'positional');
  if (word?.value !== 'exec') return args;
  return ['exec', ...before.slice(0, word.index), ...before.slice(word.index + 1), ...args.slice(before.length)];
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
