#!/usr/bin/env node
// Command line entry: parse flags, start the emulator, print what a test setup needs (and write it to --write-env),
// serve until stopped.

import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { serveInForeground } from '@payments-connect/openapi/model';
import { CONTROL_PREFIX, DEFAULT_CLI_PORT, DEFAULT_HOST, DEFAULT_TOKEN_TTL_SECONDS } from '../src/defaults.js';

const USAGE = `Usage: payments-connect-emulator [options]

Options:
  --port <n>            TCP port (default ${DEFAULT_CLI_PORT}; 0 picks a free one)
  --host <address>      interface to listen on (default ${DEFAULT_HOST})
  --token-ttl <seconds> lifetime of access tokens (default ${DEFAULT_TOKEN_TTL_SECONDS})
  --strict              answer 500 instead of a response that violates the spec
  --webhook-url <url>   POST RFI events as JSON to this URL
  --write-env <path>    write the conformance suite's sandbox settings there (NAME=value lines)
  -h, --help            show this help

It stops on Ctrl-C, SIGTERM or SIGHUP, and when the process that started it (npx, pnpm exec) ends.`;

/** Exit status for a usage error, distinct from a failure to start. */
const EXIT_USAGE = 2;
const EXIT_FAILURE = 1;

/**
 * @param {string} message
 * @returns {never}
 */
function usageError(message) {
  process.stderr.write(`payments-connect-emulator: ${message}\n\n${USAGE}\n`);
  process.exit(EXIT_USAGE);
}

/**
 * @param {string | undefined} text
 * @param {string} flag
 * @param {number} min
 * @param {number} max
 * @param {number} fallback
 */
function integerFlag(text, flag, min, max, fallback) {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max)
    usageError(`${flag} must be an integer from ${min} to ${max}, got '${text}'`);
  return value;
}

let parsed;
try {
  parsed = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'token-ttl': { type: 'string' },
      strict: { type: 'boolean' },
      'webhook-url': { type: 'string' },
      'write-env': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  }).values;
} catch (error) {
  usageError(error instanceof Error ? error.message : String(error));
}
if (parsed.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const port = integerFlag(parsed.port, '--port', 0, 65535, DEFAULT_CLI_PORT);
const tokenTtlSeconds = integerFlag(
  parsed['token-ttl'],
  '--token-ttl',
  1,
  Number.MAX_SAFE_INTEGER,
  DEFAULT_TOKEN_TTL_SECONDS,
);

let emulator;
try {
  // Loaded after the flags are checked, so a usage error answers without loading the spec and Ajv.
  const { startEmulator } = await import('../src/index.js');
  emulator = await startEmulator({
    port,
    host: parsed.host ?? DEFAULT_HOST,
    tokenTtlSeconds,
    strict: parsed.strict ?? false,
    webhookUrl: parsed['webhook-url'],
    onViolation: (v) =>
      process.stderr.write(
        `[contract] ${v.method} ${v.path} -> ${v.status} violates the spec (${v.operationId}): ` +
          `${v.errors.join('; ')}\n`,
      ),
  });
} catch (error) {
  // Option checks throw TypeError (a usage error); anything else is a failure to start, e.g. port in use.
  if (error instanceof TypeError) usageError(error.message);
  process.stderr.write(`payments-connect-emulator: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(EXIT_FAILURE);
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
    process.stderr.write(`payments-connect-emulator: cannot write --write-env ${envPath}: ${String(error)}\n`);
    await emulator.stop();
    process.exit(EXIT_FAILURE);
  }
}

const pad = (/** @type {string} */ text) => text.padEnd(32);
const lines = [
  `Payments Connect emulator listening on ${emulator.url}`,
  `  token TTL ${tokenTtlSeconds} s, strict ${parsed.strict ? 'on' : 'off'}, ` +
    `webhook URL ${parsed['webhook-url'] ?? '(none)'}`,
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
  '',
  envPath
    ? `Sandbox environment of the conformance suite (also in ${envPath}):`
    : 'Sandbox environment of the conformance suite:',
  ...Object.entries(emulator.env).map(([name, value]) => `${name}=${value}`),
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);

serveInForeground(() => emulator.stop());
