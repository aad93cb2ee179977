import { DEFAULT_HOST } from '../server/default-addresses.js';
import { DEFAULT_JOURNAL_SIZE } from '../server/request-journal.js';
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
