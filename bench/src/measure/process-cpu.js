import { readFileSync } from 'node:fs';

/** The unit of the CPU times in `/proc/<pid>/stat`: USER_HZ, 100 a second on Linux whatever the kernel's own tick. */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time a process has used so far, user and system, every thread of it, in ms: read from `/proc/<pid>/stat`
 * (Linux). Unlike requests per second, the CPU a server spends on a request hardly moves when other work shares its
 * core: a figure to read beside the rate on a busy machine. Undefined where there is no `/proc`, or no such process.
 * @param {number | undefined} pid
 * @returns {number | undefined}
 */
export function processCpuMs(pid) {
  if (pid === undefined) return undefined;
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name, second, is in parentheses and may hold spaces: the fields are counted after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
}
