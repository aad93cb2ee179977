import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { processCpuMs } from '../src/measure/process-cpu.js';

describe('processCpuMs', () => {
  it.runIf(existsSync('/proc/self/stat'))('reads the CPU a process has used, as the process itself counts it', () => {
    const before = /** @type {number} */ (processCpuMs(process.pid));
    const start = process.cpuUsage();
    const deadline = Date.now() + 30_000;
    // Busy until the process itself counts 100 ms of CPU (bounded in time, however busy the machine is).
    let used = 0;
    while (used < 100_000 && Date.now() < deadline) {
      const { user, system } = process.cpuUsage(start);
      used = user + system;
    }
    expect(used).toBeGreaterThanOrEqual(100_000);
    // /proc counts in hundredths of a second, by sampling: 100 ms used reads as about that, never as none.
    expect(/** @type {number} */ (processCpuMs(process.pid)) - before).toBeGreaterThanOrEqual(50);
  });

  it('has no figure for a process that is not there', () => {
    expect(processCpuMs(undefined)).toBeUndefined();
    expect(processCpuMs(2 ** 22 + 12345)).toBeUndefined();
  });
});
