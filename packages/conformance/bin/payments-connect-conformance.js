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

const args = process.argv.slice(2);
// The suite and its coverage check; the package's own tests (project `self-test`) are not shipped.
if (!args.some((arg) => arg.startsWith('--project'))) args.push('--project', 'conformance', '--project', 'coverage');
// Reporters named on the command line replace the config's, the guard against an empty project among them.
if (args.some((arg) => arg.startsWith('--reporter')))
  args.push(`--reporter=${join(packageDir, 'src/empty-project-guard.js')}`);
const child = spawn(process.execPath, [vitestBin, 'run', '--root', packageDir, ...args], {
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
