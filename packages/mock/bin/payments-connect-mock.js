#!/usr/bin/env node
// payments-connect-mock: serves the Payments Connect mock in the foreground until it is stopped.
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serveInForeground } from '@payments-connect/openapi/model';
import { DEFAULT_HOST, DEFAULT_PORT } from '../src/defaults.js';
import { serveMock } from '../src/serve-mock.js';

const USAGE = `usage: payments-connect-mock [--port N] [--host H] [--dynamic] [--seed S] [--spec FILE]

  --port     port to listen on (0 picks a free one)        default ${DEFAULT_PORT}
  --host     interface to listen on                        default ${DEFAULT_HOST}
  --dynamic  answer with data generated from the schemas instead of the named examples
  --seed     seed that makes --dynamic answers repeatable
  --spec     bundled OpenAPI 3.1 document to serve         default: the bundled @payments-connect/openapi

Pick an answer per request with the Prefer header:  Prefer: code=404  or  Prefer: example=closedCase
It stops on Ctrl-C, SIGTERM or SIGHUP, and when the process that started it (npx, pnpm exec) ends.`;

// Node 22.1+ caches compiled code between runs, so later starts load faster.
/** @type {{ enableCompileCache?: () => unknown }} */ (module).enableCompileCache?.();

// In the monorepo the docs package sits beside this one; installed from npm it usually does not.
const RENDERED_DOCS = fileURLToPath(new URL('../../docs/dist/index.html', import.meta.url));

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`payments-connect-mock: ${message}`);
  process.exit(1);
}

/** @returns {{ port: string, host: string, dynamic: boolean, seed?: string, spec?: string, help: boolean }} */
function readArguments() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', default: String(DEFAULT_PORT) },
        host: { type: 'string', default: DEFAULT_HOST },
        dynamic: { type: 'boolean', default: false },
        seed: { type: 'string' },
        spec: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    return fail(`${/** @type {Error} */ (error).message}\n${USAGE}`);
  }
}

const args = readArguments();
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const port = Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail(`--port must be an integer from 0 to 65535, got "${args.port}"`);

const mock = await serveMock({ port, host: args.host, dynamic: args.dynamic, seed: args.seed, spec: args.spec }).catch(
  (error) => fail(error.message),
);
serveInForeground(() => mock.stop());

const dynamic = args.dynamic ? ` (dynamic answers${args.seed ? `, seed ${args.seed}` : ''})` : '';
console.log(`Payments Connect mock listening on ${mock.url}`);
console.log(`  spec: ${mock.specPath}${dynamic}`);
if (existsSync(RENDERED_DOCS)) console.log(`  docs: ${RENDERED_DOCS}`);
console.log('  pick an answer with the Prefer header, e.g. "Prefer: code=404" or "Prefer: example=closedCase"');
