import { DEFAULT_HOST } from '../server/default-addresses.js';
import { DEFAULT_JOURNAL_SIZE } from '../server/journal/request-journal.js';
import { integerFlag } from './read-flags.js';

/**
 * @typedef {import('./command-errors.js').CommandLine} CommandLine
 */

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
 * The usage text every server's command shares around its own flags, so that the mock's and the emulator's say it
 * alike: how it is run (`synopsis`), what `exec` does (`exec`), and how it stops (`stops`).
 * @param {{ name: string, server: string, settings: string, healthPath: string }} command `server`: what it serves
 *   (`mock`); `settings`: what `exec` puts in the command's environment; `healthPath`: the route `exec` waits on
 */
export function serverCommandUsage({ name, server, settings, healthPath }) {
  const exec =
    `exec starts the ${server}, waits until it answers (GET ${healthPath}), runs the command with ${settings}, then ` +
    `stops the ${server} and exits with the command's exit status. The command runs without a shell: for a shell ` +
    `line, -- sh -c 'npm run build && npm test'. The ${server}'s own lines go to stderr, so that the command's ` +
    'output is its own.';
  return {
    synopsis: `usage: ${name} [options]\n       ${name} exec [options] -- <command> [arguments...]`,
    exec: wrap(exec, USAGE_WIDTH),
    stops:
      'It stops on Ctrl-C, SIGTERM or SIGHUP, and when the process that started it (npx, pnpm exec) ends; exec ' +
      'passes\nthose on to the command and stops with it.',
  };
}

/** How wide a paragraph of usage is, within the 120 columns of the bins' own text. */
const USAGE_WIDTH = 116;

/** @param {string} text @param {number} width @returns {string} the words of `text` in lines of at most `width` */
function wrap(text, width) {
  const lines = [''];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (lines[last] === '') lines[last] = word;
    else if (`${lines[last]} ${word}`.length <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines.join('\n');
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
