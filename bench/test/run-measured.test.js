import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { describeFailure, runMeasured } from '../src/measure/run-measured.js';

describe('runMeasured', () => {
  it('reports the exit code and the end of each stream, as much of it as it was told to keep', async () => {
    const program = "console.error('no such file'); console.log('a'.repeat(100)); process.exit(3)";
    const run = await runMeasured(process.execPath, ['-e', program], { timeoutMs: 60_000, keptChars: 10 });
    expect(run).toMatchObject({ exitCode: 3, timedOut: false, stdout: `${'a'.repeat(9)}\n`, stderr: 'such file\n' });
    expect(describeFailure(run)).toBe('exit 3 (aaaaaaaaa)');
  });

  it('kills a child that outlives its timeout, its own children included, instead of hanging', async () => {
    const marker = `${30 + Math.random()}`; // a sleep no one else runs, to look for afterwards
    const grandchild =
      `require("node:child_process").spawn("sleep", ["${marker}"], { stdio: "inherit" }); ` +
      'setTimeout(() => {}, 30000)';
    const run = await runMeasured(process.execPath, ['-e', grandchild], { timeoutMs: 500 });
    expect(run).toMatchObject({ timedOut: true, exitCode: null });
    expect(describeFailure(run)).toBe('timed out');
    await delay(100);
    expect(processesRunning(`sleep\0${marker}`)).toEqual([]);
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
