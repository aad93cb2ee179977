import { meantFlag } from '@payments-connect/contract/command-line';

/**
 * The vitest options the conformance bin passes on, by name: those that choose what runs and how it is reported.
 * Each takes a value but `--silent`; `--outputFile.<reporter>` names the reporter it is for.
 */
const FORWARDED_OPTIONS = new Set([
  'reporter',
  'outputFile',
  'tags-filter',
  't',
  'testNamePattern',
  'bail',
  'retry',
  'project',
  'silent',
]);

/** Forwarded options that take no value. */
const FORWARDED_SWITCHES = new Set(['silent']);

/**
 * @typedef {object} VitestArguments the bin's command line, read
 * @property {string[]} own the bin's own flags that were given
 * @property {string[]} forwarded what goes to `vitest run`, in order
 * @property {boolean} help `-h` or `--help` was given
 */

/**
 * Reads the conformance bin's command line: its own flags (switches), the vitest options it knows
 * ({@link FORWARDED_OPTIONS}, with their values), file filters, and anything after `--` as it is. Any other flag is
 * refused by name, with the one it most likely meant, so that a typo is not passed to vitest as a filter or lost.
 * @param {string[]} args
 * @param {string[]} ownFlags the bin's own switches, as typed (`--allow-skipped-behaviour`)
 * @returns {VitestArguments | { problem: string }}
 */
export function readVitestArguments(args, ownFlags) {
  /** @type {VitestArguments} */
  const read = { own: [], forwarded: [], help: false };
  for (let index = 0; index < args.length; index += 1) {
    const arg = /** @type {string} */ (args[index]);
    if (arg === '--') {
      read.forwarded.push(...args.slice(index + 1));
      break;
    }
    if (arg === '-h' || arg === '--help') read.help = true;
    else if (ownFlags.includes(arg)) read.own.push(arg);
    else if (!arg.startsWith('-')) read.forwarded.push(arg);
    else {
      const [name = '', value] = arg.replace(/^--?/, '').split(/=(.*)/s);
      if (!FORWARDED_OPTIONS.has(name.replace(/^outputFile\.[\w-]+$/, 'outputFile'))) {
        const known = [...ownFlags.map((flag) => flag.replace(/^--/, '')), ...FORWARDED_OPTIONS];
        const meant = meantFlag(arg, known);
        const hint = meant ? `did you mean ${meant}? ` : '';
        return { problem: `unknown option '${arg}' (${hint}other options of vitest run go after --)` };
      }
      read.forwarded.push(arg);
      if (value === undefined && !FORWARDED_SWITCHES.has(name)) {
        const next = args[index + 1];
        if (next === undefined || next.startsWith('-')) return { problem: `option '${arg}' needs a value` };
        read.forwarded.push(next);
        index += 1;
      }
    }
  }
  return read;
}
