import { execFileSync } from 'node:child_process';
import os from 'node:os';

/**
 * The machine a run measured, as the report states it: CPU model, logical cores, memory, Node, pnpm, the OS, and the
 * 1, 5 and 15 minute load averages when the run started.
 */
export function describeMachine() {
  let pnpm = 'not found';
  try {
    pnpm = execFileSync('pnpm', ['--version'], { encoding: 'utf8' }).trim();
  } catch {}
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memoryBytes: os.totalmem(),
    node: process.version,
    pnpm,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: os.loadavg(),
  };
}
