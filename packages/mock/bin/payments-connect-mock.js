#!/usr/bin/env node
// payments-connect-mock: serves the Payments Connect mock in the foreground until it is stopped.
import module from 'node:module';
import {
  DOCS_PATH,
  readFlags,
  runFailure,
  SERVER_FLAGS,
  serveInForeground,
  serverFlagsUsage,
  serverOptionsOf,
} from '@payments-connect/contract/server';
import { CONTROL_PREFIX, DEFAULT_PORT } from '../src/defaults.js';
import { serveMock } from '../src/serve-mock.js';

const COMMAND = {
  name: 'payments-connect-mock',
  usage: `usage: payments-connect-mock [options]

${serverFlagsUsage(DEFAULT_PORT)}
  --dynamic             answer with data generated from the schemas instead of the named examples
  --seed <s>            seed that makes --dynamic answers repeatable
  --spec <file>         bundled OpenAPI 3.1 document to serve (default: the bundled @payments-connect/openapi)
  -h, --help            this help

Pick an answer per request with the Prefer header:  Prefer: code=404  or  Prefer: example=closedCase
The requests it received: GET ${CONTROL_PREFIX}/requests. The API reference, with Try it: GET ${DOCS_PATH}.
It stops on Ctrl-C, SIGTERM or SIGHUP, and when the process that started it (npx, pnpm exec) ends.
Exit status: 0 when stopped, 1 when it cannot serve (port in use, spec unreadable), 2 for a usage error.`,
};

// Node 22.1+ caches compiled code between runs, so later starts load faster.
/** @type {{ enableCompileCache?: () => unknown }} */ (module).enableCompileCache?.();

const { values: args } = readFlags(COMMAND, {
  options: {
    ...SERVER_FLAGS,
    dynamic: { type: 'boolean', default: false },
    seed: { type: 'string' },
    spec: { type: 'string' },
  },
});
const { port, host, journal } = serverOptionsOf(COMMAND, args, DEFAULT_PORT);

const mock = await serveMock({ port, host, journal, dynamic: args.dynamic, seed: args.seed, spec: args.spec }).catch(
  (error) => runFailure(COMMAND, error.message),
);
serveInForeground(() => mock.stop());
const dynamic = args.dynamic ? ` (dynamic answers${args.seed ? `, seed ${args.seed}` : ''})` : '';
console.log(`Payments Connect mock listening on ${mock.url}`);
console.log(`  spec: ${mock.specPath}${dynamic}`);
console.log(
  `  requests received: ${mock.url}${CONTROL_PREFIX}/requests${journal.file ? ` (and ${journal.file})` : ''}`,
);
if (mock.docsUrl) console.log(`  docs: ${mock.docsUrl} (the API reference, with Try it)`);
console.log('  pick an answer with the Prefer header, e.g. "Prefer: code=404" or "Prefer: example=closedCase"');
