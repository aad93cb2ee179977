#!/usr/bin/env node
// payments-connect-conformance: runs the suite with this package's own vitest config, wherever it is
// installed. The target comes from the environment (CONFORMANCE_TARGET, PAYMENTS_CONNECT_*); extra
// arguments go to `vitest run` (e.g. a file filter, --reporter=verbose).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const vitestManifest = require.resolve('vitest/package.json');
const vitestBin = join(dirname(vitestManifest), JSON.parse(readFileSync(vitestManifest, 'utf8')).bin.vitest);

const child = spawn(process.execPath, [vitestBin, 'run', '--root', packageDir, ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
