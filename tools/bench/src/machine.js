import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * @typedef {object} MachineDescription
 * @property {string} cpu model name
 * @property {number} cores logical CPUs
 * @property {number} memoryBytes
 * @property {string} node
 * @property {string} pnpm
 * @property {string} os
 * @property {number[]} loadAverage 1, 5 and 15 minute load when the run started
 */

/**
 * The machine a run measured, as the report states it.
 * @returns {MachineDescription}
 */
export function describeMachine() {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memoryBytes: os.totalmem(),
    node: process.version,
    pnpm: commandVersion('pnpm'),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: os.loadavg(),
  };
}

/** @param {string} command */
function commandVersion(command) {
  try {
    return execFileSync(command, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'not found';
  }
}

/** The 1-minute load average: the figure every look at the machine's load reads. */
const oneMinuteLoad = () => os.loadavg()[0] ?? 0;

/** How often the load is looked at during a section. */
const LOAD_SAMPLE_MS = 5000;

/**
 * Watches the 1-minute load average while a section runs: other work on the machine shows in every figure, so the
 * report says how busy the machine was during each section, not only when the run started.
 * @returns {{ stop(): { atStart: number, highest: number } }}
 */
export function watchLoad() {
  const atStart = oneMinuteLoad();
  let highest = atStart;
  const timer = setInterval(() => {
    highest = Math.max(highest, oneMinuteLoad());
  }, LOAD_SAMPLE_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return { atStart, highest: Math.max(highest, oneMinuteLoad()) };
    },
  };
}

/**
 * Waits until the 1-minute load average falls to `quietLoad`, for at most `maxMs`: work that ended just before the
 * run (the `pnpm build` of `pnpm build && pnpm bench`) keeps the average up for a minute or two after it, and every
 * figure of the first sections would carry it. Says what it waits for every time it looks.
 * @param {{ quietLoad: number, maxMs: number, log: (message: string) => void, readLoad?: () => number,
 *   sampleMs?: number }} options
 * @returns {Promise<number>} the load when the wait ended
 */
export async function waitForQuiet({ quietLoad, maxMs, log, readLoad = oneMinuteLoad, sampleMs }) {
  const deadline = Date.now() + maxMs;
  for (;;) {
    const load = readLoad();
    const left = deadline - Date.now();
    if (load <= quietLoad || left <= 0) return load;
    const wanted = `wanted ${quietLoad} (${Math.ceil(left / 1000)} s left)`;
    log(`waiting for a quiet machine: 1-minute load ${load.toFixed(2)}, ${wanted}`);
    await sleep(Math.min(sampleMs ?? LOAD_SAMPLE_MS, left));
  }
}
