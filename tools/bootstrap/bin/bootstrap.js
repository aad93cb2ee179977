#!/usr/bin/env node
// The README's two commands (`npm start`, `npm test`) must work on a machine with only Node and npm,
// so this finds pnpm (or runs the pinned one through npx), installs the workspace, then runs the job.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { summarizeVitestOutput } from '../src/vitest-summary.js';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager; // "pnpm@x.y.z"
const pinnedVersion = pinned.split('@')[1];

/** Jobs by name: each is a list of pnpm argument lists run in order. */
const JOBS = {
  // Everything a contributor or CI must see green: lint, build, type checks, every test suite.
  test: [['exec', 'turbo', 'run', 'lint', 'build', 'check', 'test', '--output-logs=new-only', '--continue']],
  // Build everything, then serve the mock in the foreground (it prints its URL and the docs path).
  start: [['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], ['--filter', '@payments-connect/mock', 'start']],
};

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Runs a command, echoing its output live, and returns its status with the captured stdout. */
function runCaptured(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['inherit', 'pipe', 'inherit'], shell: process.platform === 'win32' });
    let out = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ status: code ?? 1, out }));
  });
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
  console.error(`usage: node tools/bootstrap/bin/bootstrap.js <${Object.keys(JOBS).join('|')}>`);
  process.exit(2);
}
const [pnpm, prefix] = pnpmCommand();
console.log('[bootstrap] installing the workspace (pnpm install --frozen-lockfile)');
let status = run(pnpm, [...prefix, 'install', '--frozen-lockfile']);
for (const args of JOBS[job]) {
  if (status !== 0) break;
  console.log(`[bootstrap] pnpm ${args.join(' ')}`);
  if (job === 'test') {
    // One closing line for the whole workspace, in the plain form CI and humans read.
    const result = await runCaptured(pnpm, [...prefix, ...args]);
    const total = summarizeVitestOutput(result.out);
    status = result.status;
    console.log(`\n[bootstrap] ${total.runs} vitest runs`);
    console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
    if (status === 0 && total.runs === 0) {
      console.error('[bootstrap] no test ran: treating the run as failed');
      status = 1;
    }
  } else {
    status = run(pnpm, [...prefix, ...args]);
  }
}
process.exit(status);
