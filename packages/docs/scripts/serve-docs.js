#!/usr/bin/env node
// `pnpm docs:serve`: serves the built reference on 127.0.0.1 for a person to read.
// Port: --port N, else $PORT, else 8080 (0 picks a free one). --root DIR serves another build folder.
// Stops on Ctrl-C.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_PORT, startDocsServer } from '../src/docs-server.js';

const { values } = parseArgs({ options: { port: { type: 'string' }, root: { type: 'string' } } });
const root = values.root ?? fileURLToPath(new URL('../dist', import.meta.url));
const port = Number(values.port ?? process.env.PORT ?? DEFAULT_PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`docs:serve: not a port: ${values.port ?? process.env.PORT}`);
  process.exit(2);
}
if (!existsSync(`${root}/index.html`)) {
  console.error(`docs:serve: ${root}/index.html is missing; build it first with \`pnpm docs\``);
  process.exit(1);
}

const server = await startDocsServer({ root, port });
console.log(`Payments Connect API reference: ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => server.close().then(() => process.exit(0)));
}
