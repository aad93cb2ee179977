// The command the bootstrap runs every test tier through: its usage, and a run that may rightly test nothing.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/run-test-job.js', import.meta.url));
const NO_CHANGE = fileURLToPath(new URL('./fixtures/turbo-run-quick-tier-no-change.txt', import.meta.url));
/** A stand-in for turbo that prints a quick run in which no package changed, and exits 0. */
const REPLAY = [
  process.execPath,
  '-e',
  `process.stdout.write(require('fs').readFileSync(${JSON.stringify(NO_CHANGE)}))`,
];

/** @param {string[]} args */
const run = (args) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });

describe('run-test-job', () => {
  it('ends a run that tested nothing with 0 failed under --may-test-nothing, and with a failure without it', () => {
    const allowed = run(['--may-test-nothing', ...REPLAY]);
    expect([allowed.status, allowed.stdout.trimEnd().split('\n').at(-1)]).toEqual([0, '0 passed, 0 failed, 0 skipped']);
    const refused = run(REPLAY);
    expect([refused.status, refused.stdout.trimEnd().split('\n').at(-1)]).toEqual([1, '0 passed, 1 failed, 0 skipped']);
  });

  it.for([[], ['--bogus']])('refuses %j as a usage error: the problem, then the usage, exit 2', (args) => {
    const refused = run(args);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^run-test-job: .+\n\nusage: run-test-job /);
  });
});
