#!/usr/bin/env node
// Command line entry: parse flags, start the emulator (from --state), print what a test setup needs (and write it to
// --write-env), serve until stopped (then save the state to --save-state).

import { accessSync, constants, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  DOCS_PATH,
  EXIT_FAILURE,
  integerFlag,
  readFlags,
  runFailure,
  SERVER_FLAGS,
  serveInForeground,
  serverFlagsUsage,
  serverOptionsOf,
  usageError,
} from '@payments-connect/contract/server';
import { CONTROL_PREFIX, DEFAULT_CLI_PORT, DEFAULT_TOKEN_TTL_SECONDS } from '../src/defaults.js';
import { writeStateFile } from '../src/state-file.js';

const COMMAND = {
  name: 'payments-connect-emulator',
  usage: `usage: payments-connect-emulator [options]

${serverFlagsUsage(DEFAULT_CLI_PORT)}
  --token-ttl <seconds> lifetime of access tokens (default ${DEFAULT_TOKEN_TTL_SECONDS})
  --strict              answer 500 instead of a response that violates the spec
  --webhook-url <url>   POST RFI events as JSON to this URL
  --write-env <path>    write the conformance suite's sandbox settings there (NAME=value lines)
  --state <file>        start from the state a snapshot file holds (--save-state, GET ${CONTROL_PREFIX}/state)
  --save-state <file>   save the state to this file when stopped
  -h, --help            this help

Its control API (state, faults, the requests it received) is under ${CONTROL_PREFIX}; the API reference, with
Try it, at ${DOCS_PATH}.
It stops on Ctrl-C, SIGTERM or SIGHUP, and when the process that started it (npx, pnpm exec) ends.
Exit status: 0 when stopped, 1 when it cannot serve (port in use, a file it cannot read or write), 2 for a usage
error (also a --state file whose snapshot it refuses).`,
};

const { values: parsed } = readFlags(COMMAND, {
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
const tokenTtlSeconds = integerFlag(COMMAND, '--token-ttl', parsed['token-ttl'], {
  min: 1,
  max: Number.MAX_SAFE_INTEGER,
  fallback: DEFAULT_TOKEN_TTL_SECONDS,
});

const saveState = parsed['save-state'] && resolve(parsed['save-state']);
// Checked now, not when stopped: a session's state is not lost to a folder that was never there.
if (saveState) {
  try {
    accessSync(dirname(saveState), constants.W_OK);
  } catch (error) {
    runFailure(COMMAND, `cannot save the state to ${saveState}: ${/** @type {Error} */ (error).message}`);
  }
}

let emulator;
try {
  // Loaded after the flags are checked, so a usage error answers without loading the spec and Ajv.
  const { startEmulator } = await import('../src/index.js');
  emulator = await startEmulator({
    port,
    host,
    journal,
    tokenTtlSeconds,
    strict: parsed.strict ?? false,
    webhookUrl: parsed['webhook-url'],
    state: parsed.state,
    onViolation: (v) =>
      process.stderr.write(
        `[contract] ${v.method} ${v.path} -> ${v.status} violates the spec (${v.operationId}): ` +
          `${v.errors.join('; ')}\n`,
      ),
  });
} catch (error) {
  // Option checks throw TypeError (a usage error, as is a --state file whose snapshot is refused); anything else is a
  // failure to start, e.g. port in use or a --state file that cannot be read.
  if (error instanceof TypeError) usageError(COMMAND, error.message);
  runFailure(COMMAND, error instanceof Error ? error.message : String(error));
}

// Written before the URL is printed: a script that waits for the URL can read the settings at once.
const envPath = parsed['write-env'];
if (envPath) {
  const settings = { CONFORMANCE_TARGET: 'sandbox', ...emulator.env };
  const text = Object.entries(settings)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n');
  try {
    writeFileSync(envPath, `# The conformance suite's sandbox settings for ${emulator.url}\n${text}\n`);
  } catch (error) {
    await emulator.stop();
    runFailure(COMMAND, `cannot write --write-env ${envPath}: ${String(error)}`);
  }
}

const pad = (/** @type {string} */ text) => text.padEnd(32);
const lines = [
  `Payments Connect emulator listening on ${emulator.url}`,
  `  token TTL ${tokenTtlSeconds} s, strict ${parsed.strict ? 'on' : 'off'}, ` +
    `webhook URL ${parsed['webhook-url'] ?? '(none)'}`,
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
process.stdout.write(`${lines.join('\n')}\n`);

serveInForeground(async () => {
  await emulator.stop();
  if (!saveState) return 0;
  try {
    writeStateFile(saveState, await emulator.control.state());
  } catch (error) {
    process.stderr.write(`${COMMAND.name}: ${/** @type {Error} */ (error).message}\n`);
    return EXIT_FAILURE;
  }
  process.stdout.write(`State saved to ${saveState}\n`);
  return 0;
});
