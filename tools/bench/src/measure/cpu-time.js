import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (`getconf CLK_TCK`; 100 on every Linux we run on). */
const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** @param {number} ticks */
const toMs = (ticks) => (ticks * 1000) / TICKS_PER_SECOND;

/**
 * @param {string} path
 * @returns {string | null} null where /proc cannot be read (not Linux)
 */
function readProc(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/**
 * The CPU time (user + system, in ms) of every child process this process has waited for, with their own waited-for
 * children: fields `cutime` and `cstime` of /proc/self/stat. A process that outlives its parent (a browser's helper
 * processes) is never waited for by this line of processes, so it is not counted: see {@link machineBusyCpuMs}.
 * @returns {number | null} null where /proc cannot be read (not Linux)
 */
export function childrenCpuMs() {
  const stat = readProc('/proc/self/stat');
  if (stat === null) return null;
  // The command name (field 2) is in parentheses and may hold spaces: count the fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of the whole line (cutime, cstime) are 13 and 14 after the name.
  const ticks = Number(fields[13]) + Number(fields[14]);
  return Number.isFinite(ticks) ? toMs(ticks) : null;
}

/**
 * The CPU time (in ms) the whole machine has been busy, summed over its cores: the first line of /proc/stat, every
 * kind of time but idle and iowait. The difference across a run counts every process that ran meanwhile, those that
 * outlive their parent included (and any other work of the machine, which the bench's load figures show). On N cores
 * a run cannot end in less than its CPU time divided by N.
 * @returns {number | null} null where /proc cannot be read (not Linux)
 */
export function machineBusyCpuMs() {
  const stat = readProc('/proc/stat');
  if (stat === null) return null;
  // cpu  user nice system idle iowait irq softirq steal [guest guest_nice: already within user and nice]
  const [user, nice, system, , , irq, softirq, steal] = stat.split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const ticks = [user, nice, system, irq, softirq, steal].reduce((sum, each) => sum + (each ?? 0), 0);
  return Number.isFinite(ticks) ? toMs(ticks) : null;
}
