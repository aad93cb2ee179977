import { readdirSync, readFileSync } from 'node:fs';

/** How often the fallback sampler looks at the process tree; a child living less than this may be missed. */
const SAMPLE_INTERVAL_MS = 100;

/**
 * Fallback for machines without GNU time: samples the peak resident set (VmHWM) of every process in the
 * tree under `rootPid` from /proc, and keeps the largest, which is what `/usr/bin/time -v` reports as
 * "Maximum resident set size" (the peak of the largest single process).
 * @param {number} rootPid
 * @returns {{ stop(): number | null }} stop() ends sampling and answers the peak in bytes (null: no sample)
 */
export function samplePeakMemory(rootPid) {
  let peakKb = 0;
  const sample = () => {
    for (const pid of processTree(rootPid)) peakKb = Math.max(peakKb, (readPeakResidentBytes(pid) ?? 0) / 1024);
  };
  sample();
  const timer = setInterval(sample, SAMPLE_INTERVAL_MS);
  return {
    stop() {
      clearInterval(timer);
      return peakKb > 0 ? peakKb * 1024 : null;
    },
  };
}

/**
 * The pid and every descendant of it, found from the parent pid field of /proc/<pid>/stat.
 * @param {number} rootPid
 */
function processTree(rootPid) {
  const childrenOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = readParentPid(entry);
    if (parent === undefined) continue;
    if (!childrenOf.has(parent)) childrenOf.set(parent, []);
    childrenOf.get(parent).push(Number(entry));
  }
  const tree = [rootPid];
  for (let index = 0; index < tree.length; index += 1) tree.push(...(childrenOf.get(tree[index]) ?? []));
  return tree;
}

/** @param {string} pid */
function readParentPid(pid) {
  try {
    // The command name (field 2) may hold spaces and parentheses: the fields after its last ')' are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined; // the process ended while we looked
  }
}

/**
 * The peak resident set of one live process so far (VmHWM in /proc/<pid>/status), in bytes.
 * @param {number} pid
 * @returns {number | null} null when the process is gone or /proc is not readable
 */
export function readPeakResidentBytes(pid) {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}
