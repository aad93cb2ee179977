import { execFileSync } from 'node:child_process';
import os from 'node:os';

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
