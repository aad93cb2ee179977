import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { childrenCpuMs } from '../src/measure/children-cpu.js';

describe.skipIf(process.platform !== 'linux')('childrenCpuMs', () => {
  it('grows by the CPU a waited-for child spent, and not by the time it slept', () => {
    const before = /** @type {number} */ (childrenCpuMs());
    // A child that is busy for 300 ms of wall time, then sleeps for a second, and says what CPU it counted itself.
    const busy = [
      'const end = Date.now() + 300; while (Date.now() < end);',
      'setTimeout(() => { const { user, system } = process.cpuUsage(); console.log((user + system) / 1000); }, 1_000);',
    ].join(' ');
    const child = spawnSync(process.execPath, ['-e', busy], { timeout: 15_000, encoding: 'utf8' });
    expect(child.status).toBe(0);
    const ownCount = Number(child.stdout);
    const spent = /** @type {number} */ (childrenCpuMs()) - before;
    // What the child counted, give or take a tick, plus its start and exit; never its second of sleep.
    expect(ownCount).toBeGreaterThan(0);
    expect(spent).toBeGreaterThanOrEqual(ownCount - 20);
    expect(spent).toBeLessThan(ownCount + 500);
  });
});
