import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { childrenCpuMs, machineBusyCpuMs } from '../src/measure/cpu-time.js';

/** A Node program busy for `ms` of wall time, which then writes the CPU it counted itself (ms) to `file`. */
const busyFor = (/** @type {number} */ ms, /** @type {string} */ file) =>
  [
    `const end = Date.now() + ${ms}; while (Date.now() < end);`,
    'const { user, system } = process.cpuUsage();',
    // Written aside, then renamed: whoever waits for the file never reads it half written.
    "const fs = require('node:fs');",
    `fs.writeFileSync(${JSON.stringify(`${file}.part`)}, String((user + system) / 1000));`,
    `fs.renameSync(${JSON.stringify(`${file}.part`)}, ${JSON.stringify(file)});`,
  ].join(' ');

describe.skipIf(process.platform !== 'linux')('CPU time from /proc', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cpu-time-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('childrenCpuMs grows by the CPU a waited-for child spent, and not by the time it slept', () => {
    const before = /** @type {number} */ (childrenCpuMs());
    const file = join(dir, 'waited');
    const program = `${busyFor(300, file)} setTimeout(() => {}, 1_000);`;
    const child = spawnSync(process.execPath, ['-e', program], { timeout: 15_000 });
    expect(child.status).toBe(0);
    const ownCount = Number(readFileSync(file, 'utf8'));
    const spent = /** @type {number} */ (childrenCpuMs()) - before;
    // What the child counted, give or take a tick, plus its start and exit; never its second of sleep.
    expect(ownCount).toBeGreaterThan(0);
    expect(spent).toBeGreaterThanOrEqual(ownCount - 20);
    expect(spent).toBeLessThan(ownCount + 500);
  });

  it('machineBusyCpuMs counts a process that outlived its parent, which childrenCpuMs never sees', async () => {
    const file = join(dir, 'orphan');
    const machineBefore = /** @type {number} */ (machineBusyCpuMs());
    const childrenBefore = /** @type {number} */ (childrenCpuMs());
    // The child starts a detached grandchild and exits at once: the grandchild, busy for 500 ms, is an orphan.
    const spawner = [
      "const { spawn } = require('node:child_process');",
      `spawn(process.execPath, ['-e', ${JSON.stringify(busyFor(500, file))}], { detached: true, stdio: 'ignore' })`,
      '.unref();',
    ].join(' ');
    expect(spawnSync(process.execPath, ['-e', spawner], { timeout: 15_000 }).status).toBe(0);
    for (let waited = 0; waited < 10_000 && !existsSync(file); waited += 50) await sleep(50);
    const orphanCount = Number(readFileSync(file, 'utf8'));
    await sleep(100); // its exit
    const machineSpent = /** @type {number} */ (machineBusyCpuMs()) - machineBefore;
    const childrenSpent = /** @type {number} */ (childrenCpuMs()) - childrenBefore;
    expect(orphanCount).toBeGreaterThan(300);
    expect(machineSpent).toBeGreaterThanOrEqual(orphanCount - 20);
    // The spawner's own start-up is counted; the orphan's half second is not.
    expect(childrenSpent).toBeLessThan(orphanCount);
  });
});
