#!/usr/bin/env node
// The README's two commands (`npm start`, `npm test`) must work on a machine with only Node and npm,
// so this finds pnpm (or runs the pinned one through npx), installs the workspace, then runs the job.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager; // "pnpm@x.y.z"
const pinnedVersion = pinned.split('@')[1];

/** Jobs by name: each is a list of pnpm argument lists run in order. */
const JOBS = {
  // Everything a contributor or CI must see green: lint, build, type checks, every test suite.
  test: [['exec', 'turbo', 'run', 'lint', 'build', 'check', 'test', '--output-logs=errors-only']],
  // Build everything, then serve the mock in the foreground (it prints its URL and the docs path).
  start: [['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], ['--filter', '@payments-connect/mock', 'start']],
};

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function pnpmCommand() {
  // A pnpm of the pinned major already on PATH is used as is; anything else would rewrite the lockfile.
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  if (probe.status === 0 && probe.stdout.trim().split('.')[0] === pinnedVersion.split('.')[0]) return ['pnpm', []];
  console.log(`[bootstrap] pnpm ${pinnedVersion} not on PATH: running it through npx`);
  return ['npx', ['--yes', `pnpm@${pinnedVersion}`]];
}

const job = process.argv[2];
if (!JOBS[job]) {
  console.error(`usage: node tools/bootstrap.mjs <${Object.keys(JOBS).join('|')}>`);
  process.exit(2);
}
const [pnpm, prefix] = pnpmCommand();
console.log('[bootstrap] installing the workspace (pnpm install --frozen-lockfile)');
let status = run(pnpm, [...prefix, 'install', '--frozen-lockfile']);
for (const args of JOBS[job]) {
  if (status !== 0) break;
  console.log(`[bootstrap] pnpm ${args.join(' ')}`);
  status = run(pnpm, [...prefix, ...args]);
}
process.exit(status);
