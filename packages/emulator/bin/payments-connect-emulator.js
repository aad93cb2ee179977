#!/usr/bin/env node
// Command line entry: parse flags, start the emulator (from --state), print what a test setup needs (and write it to
// --write-env), serve until stopped, or (exec) while a command runs against it (then save the state to --save-state).

import { accessSync, constants } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  DOCS_PATH,
  dataError,
  EXIT_FAILURE,
  execCommand,
  integerFlag,
  isHttpUrl,
  readServerCommandLine,
  runFailure,
  SERVER_FLAGS,
  serveInForeground,
  serverCommandUsage,
  serverFlagsUsage,
  serverOptionsOf,
  usageError,
  writeEnvFile,
} from '@payments-connect/contract/command-line';
import { HEALTH_PATH } from '@payments-connect/contract/control';
import { CONTROL_PREFIX, emulatorRouteLabel } from '../src/control-routes.js';
import { DEFAULT_CLI_PORT, DEFAULT_TOKEN_TTL_SECONDS } from '../src/defaults.js';
import { startEmulator } from '../src/emulator.js';

/** Where a running emulator hands out the snapshot `--state` reads. */
const STATE_ROUTE = emulatorRouteLabel('state');

const SHARED = serverCommandUsage({
  name: 'payments-connect-emulator',
  server: 'emulator',
  settings:
    'the settings --write-env writes in its environment (PAYMENTS_CONNECT_BASE_URL, the credentials, accounts and ' +
    'fixture ids, CONFORMANCE_TARGET=sandbox)',
  healthPath: `${CONTROL_PREFIX}${HEALTH_PATH}`,
});

const COMMAND = {
  name: 'payments-connect-emulator',
  usage: `${SHARED.synopsis}

${serverFlagsUsage(DEFAULT_CLI_PORT)}
  --token-ttl <seconds> lifetime of access tokens (default ${DEFAULT_TOKEN_TTL_SECONDS})
  --strict              answer 500 instead of a response that violates the spec
  --webhook-url <url>   POST RFI events as JSON to this URL
  --write-env <path>    write the conformance suite's sandbox settings there (NAME=value lines)
  --state <file>        start from the state a snapshot file holds (--save-state, ${STATE_ROUTE})
  --save-state <file>   save the state to this file when stopped
  -h, --help            this help

${SHARED.exec}

Its control API (state, faults, the requests it received) is under ${CONTROL_PREFIX}; the API reference, with
Try it, at ${DOCS_PATH}.
${SHARED.stops}
Exit status: 0 when stopped, 1 when it cannot serve (port in use, a file it cannot read or write), 2 for a usage
error or a --state file whose snapshot it refuses. exec exits with the command's status (128 + n for a command
signal n ended, 127 for one not found), or 1 when the command passed but the state could not be saved.`,
};

const { values: parsed, run } = readServerCommandLine(COMMAND, {
  options: {
    ...SERVER_FLAGS,
    'token-ttl': { type: 'string' },
    strict: { type: 'boolean' },
    'webhook-url': { type: 'string' },
    'write-env': { type: 'string' },
    state: { type: 'string' },
    'save-state': { type: 'string' },
  },
});
const { port, host, journal } = serverOptionsOf(COMMAND, parsed, DEFAULT_CLI_PORT);
const ttlRange = { min: 1, max: Number.MAX_SAFE_INTEGER, fallback: DEFAULT_TOKEN_TTL_SECONDS };
const tokenTtlSeconds = integerFlag(COMMAND, '--token-ttl', parsed['token-ttl'], ttlRange);
const webhookUrl = parsed['webhook-url'];
if (webhookUrl !== undefined && !isHttpUrl(webhookUrl))
  usageError(COMMAND, `--webhook-url must be an http(s) URL, got '${webhookUrl}'`);

const saveState = parsed['save-state'] && resolve(parsed['save-state']);
// Checked now, not when stopped: a session's state is not lost to a folder that was never there.
if (saveState) {
  try {
    accessSync(dirname(saveState), constants.W_OK);
  } catch (error) {
    runFailure(COMMAND, `cannot save the state to ${saveState}: ${/** @type {Error} */ (error).message}`);
  }
}

/** @type {import('../src/emulator.js').Emulator} */
let emulator;
try {
  // startEmulator loads the contract and the server when it starts one: a usage error, above, loads neither.
  const { strict = false, state } = parsed;
  emulator = await startEmulator({ port, host, journal, tokenTtlSeconds, strict, webhookUrl, state, onViolation });
} catch (error) {
  // The flags were checked above: a TypeError here is what the --state file holds (not JSON, a snapshot refused),
  // said in one line without the usage. Anything else is a failure to start: the port in use, a file unreadable.
  if (error instanceof TypeError) dataError(COMMAND, error.message);
  runFailure(COMMAND, error instanceof Error ? error.message : String(error));
}

// With exec, the command's output is its own: what the emulator says goes to stderr.
const out = run ? process.stderr : process.stdout;
const settings = { CONFORMANCE_TARGET: 'sandbox', ...emulator.env };
// Written before the URL is printed: a script that waits for the URL can read the settings at once.
const envPath = parsed['write-env'];
if (envPath) {
  try {
    writeEnvFile(envPath, settings, `The conformance suite's sandbox settings for ${emulator.url}`);
  } catch (error) {
    await emulator.stop();
    runFailure(COMMAND, /** @type {Error} */ (error).message);
  }
}

const pad = (/** @type {string} */ text) => text.padEnd(32);
const lines = [
  `Payments Connect emulator listening on ${emulator.url}`,
  `  token TTL ${tokenTtlSeconds} s, strict ${parsed.strict ? 'on' : 'off'}, webhook URL ${webhookUrl ?? '(none)'}`,
  ...[
    parsed.state && `  state restored from ${parsed.state}`,
    saveState && `  state saved to ${saveState} when stopped`,
  ].filter(Boolean),
  '',
  'Credentials (POST /auth/token):',
  `  ${pad('clientId')}${emulator.credentials.clientId}`,
  `  ${pad('clientSecret')}${emulator.credentials.clientSecret}`,
  '',
  'Accounts (AccountId header):',
  ...Object.entries(emulator.accounts).map(([role, a]) => `  ${pad(role)}${a.accountId}  ${a.name} (${a.type})`),
  '',
  'Fixtures:',
  ...Object.entries(emulator.fixtures).map(([name, id]) => `  ${pad(name)}${id}`),
  '',
  `Control API: ${emulator.url}${CONTROL_PREFIX}`,
  ...(emulator.docsUrl ? [`Docs: ${emulator.docsUrl} (the API reference, with Try it)`] : []),
  '',
  envPath
    ? `Sandbox environment of the conformance suite (also in ${envPath}):`
    : 'Sandbox environment of the conformance suite:',
  ...Object.entries(emulator.env).map(([name, value]) => `${name}=${value}`),
  '',
];
out.write(`${lines.join('\n')}\n`);

if (run) {
  const healthUrl = `${emulator.url}${CONTROL_PREFIX}${HEALTH_PATH}`;
  const requests = {
    count: () => emulator.summary().exchanges,
    server: 'emulator',
    setup: '@payments-connect/emulator/vitest',
  };
  await execCommand(COMMAND, { run, settings, healthUrl, stop: stopEmulator, requests });
} else serveInForeground(stopEmulator, { name: COMMAND.name });

/** Says on stderr, as it happens, that an answer broke the spec. @param {import('../src/emulator.js').Violation} v */
function onViolation(v) {
  process.stderr.write(`[contract] ${v.method} ${v.path} -> ${v.status} violates the spec (${v.operationId}): `);
  process.stderr.write(`${v.errors.join('; ')}\n`);
}

/**
 * Stops the emulator, and saves its state to --save-state.
 * @returns {Promise<number | import('@payments-connect/contract/command-line').ServerVerdict>} the exit status: 1 when
 *   the state could not be saved, saying so
 */
async function stopEmulator() {
  await emulator.stop();
  if (!saveState) return 0;
  try {
    // Loaded when the state is saved, at the stop: the start does not wait for it.
    const { writeSnapshotFile } = await import('../src/snapshot/snapshot-files.js');
    writeSnapshotFile(saveState, await emulator.control.state());
  } catch (error) {
    const { message } = /** @type {Error} */ (error);
    process.stderr.write(`${COMMAND.name}: ${message}\n`);
    return { status: EXIT_FAILURE, failedBecause: `the state could not be saved (--save-state): ${message}` };
  }
  out.write(`State saved to ${saveState}\n`);
  return 0;
}
