import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (`getconf CLK_TCK`; 100 on every Linux we run on). */
const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/**
 * The CPU time (user + system, in ms) of every child process this process has waited for, with their own waited-for
 * children: fields `cutime` and `cstime` of /proc/self/stat. The difference across a run is the run's CPU, which says
 * what no scheduling can beat: on N cores a run cannot end in less than its CPU time divided by N.
 * @returns {number | null} null where /proc cannot be read (not Linux)
 */
export function childrenCpuMs() {
  let stat;
  try {
    stat = readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count the fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of the whole line (cutime, cstime) are 13 and 14 after the name.
  const ticks = Number(fields[13]) + Number(fields[14]);
  return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : null;
}
