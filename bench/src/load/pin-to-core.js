import { spawnSync } from 'node:child_process';
import os from 'node:os';

/**
 * Whether the bench can keep servers and load apart: `taskset` (util-linux) on the PATH and two cores or more. On a
 * 2-core machine the servers then share core 0 and wrk has core 1, so that the load never takes a server's turn.
 * @returns {boolean}
 */
export function canPinToCores() {
  return os.availableParallelism() >= 2 && !spawnSync('taskset', ['--version']).error;
}

/**
 * Pins a running process, every thread of it (libuv's pool, the garbage collector's), to one core.
 * @param {number | undefined} pid
 * @param {number} core
 * @throws {Error} when taskset fails (the process is gone, say)
 */
export function pinToCore(pid, core) {
  const run = spawnSync('taskset', ['--all-tasks', '--cpu-list', '--pid', String(core), String(pid)], {
    encoding: 'utf8',
  });
  if (run.error || run.status !== 0)
    throw new Error(`taskset could not pin process ${pid} to core ${core}: ${run.error?.message ?? run.stderr.trim()}`);
}
