#!/usr/bin/env node
// `pnpm docs:serve`: serves the built reference on 127.0.0.1 for a person to read, until Ctrl-C.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { integerFlag, readFlags, runFailure } from '@payments-connect/contract/command-line';
import { DEFAULT_PORT, startDocsServer } from '../src/docs-server.js';

const COMMAND = {
  name: 'serve-docs',
  usage: `usage: serve-docs [--port N] [--root DIR]

  --port  port to listen on (0 picks a free one)   default: $PORT, else ${DEFAULT_PORT}
  --root  the build folder to serve                default: this package's dist/

Exit status: 0 when stopped, 1 when the build is missing or the port is taken, 2 for a usage error.`,
};

const { values } = readFlags(COMMAND, { options: { port: { type: 'string' }, root: { type: 'string' } } });
const root = values.root ?? fileURLToPath(new URL('../dist', import.meta.url));
const port = integerFlag(COMMAND, values.port === undefined ? '$PORT' : '--port', values.port ?? process.env.PORT, {
  min: 0,
  max: 65535,
  fallback: DEFAULT_PORT,
});
if (!existsSync(`${root}/index.html`))
  runFailure(COMMAND, `${root}/index.html is missing; build it first with \`pnpm docs\``);

const server = await startDocsServer({ root, port }).catch((error) => runFailure(COMMAND, error.message));
console.log(`Payments Connect API reference: ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => server.close().then(() => process.exit(0)));
}
