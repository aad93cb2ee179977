import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { samplePeakMemory } from '../src/measure/peak-memory-sampler.js';
import { runMeasured } from '../src/measure/run-measured.js';

const ALLOCATE_100_MB = 'const kept = Buffer.alloc(100 * 1024 * 1024, 1); console.log(kept.length)';

describe('runMeasured', () => {
  it('reports the exit code, the output and a peak memory at least what the child touched', async () => {
    const run = await runMeasured(process.execPath, ['-e', ALLOCATE_100_MB], { timeoutMs: 20_000 });
    expect(run).toMatchObject({ exitCode: 0, timedOut: false, stdout: `${100 * 1024 * 1024}\n` });
    expect(run.peakRssBytes).toBeGreaterThan(100 * 1024 * 1024);
    expect(run.wallMs).toBeGreaterThan(0);
  });

  it('kills a child that outlives its timeout, its own children included, instead of hanging', async () => {
    const marker = `${30 + Math.random()}`; // a sleep no one else runs, to look for afterwards
    const grandchild =
      `require("node:child_process").spawn("sleep", ["${marker}"], { stdio: "inherit" }); ` +
      'setTimeout(() => {}, 30000)';
    const run = await runMeasured(process.execPath, ['-e', grandchild], { timeoutMs: 500 });
    expect(run).toMatchObject({ timedOut: true, exitCode: null });
    expect(run.wallMs).toBeLessThan(10_000);
    await delay(100);
    expect(processesRunning(`sleep\0${marker}`)).toEqual([]);
  });
});

describe('samplePeakMemory', () => {
  it('finds the peak of a child process in /proc', async () => {
    const child = spawn(process.execPath, ['-e', `${ALLOCATE_100_MB}; setTimeout(() => {}, 5000)`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise((resolve) => child.stdout.once('data', resolve));
    const sampler = samplePeakMemory(process.pid);
    await delay(150);
    const peak = sampler.stop();
    child.kill();
    expect(peak).toBeGreaterThan(100 * 1024 * 1024);
  });
});

/**
 * Pids whose command line (NUL-separated, as in /proc) contains `commandLine`.
 * @param {string} commandLine
 */
function processesRunning(commandLine) {
  return readdirSync('/proc').filter((pid) => {
    try {
      return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(commandLine);
    } catch {
      return false;
    }
  });
}
