import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describeFailure, runMeasured } from '../measure/run-measured.js';
import { requestStatus } from './request-status.js';

const START_PROBE = fileURLToPath(new URL('./start-probe.js', import.meta.url));
/** Between attempts at the first request once the server printed its URL. */
const POLL_MS = 5;

/**
 * @typedef {object} StartTime
 * @property {number | null} firstOkMs to the first 200; null when it never came
 * @property {number} [readyMs] to the server listening (programmatic starts)
 * @property {number} [importMs] to its package imported (programmatic starts)
 * @property {number | null} [peakRssBytes] of the probe process
 * @property {string} [failure]
 */

/**
 * A programmatic start in a fresh Node process (the probe), from before the import to the first 200.
 * @param {'bare' | 'mock' | 'emulator'} kind
 * @param {{ spec?: string, path?: string, timeoutMs: number, cwd?: string }} options
 * @returns {Promise<StartTime>}
 */
export async function timeProgrammaticStart(kind, { spec, path, timeoutMs, cwd }) {
  const run = await runMeasured(process.execPath, [START_PROBE, JSON.stringify({ kind, spec, path })], {
    cwd,
    timeoutMs,
  });
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  const answer = line.startsWith('{') ? JSON.parse(line) : undefined;
  const peakRssBytes = run.peakRssBytes;
  if (run.timedOut) return { firstOkMs: null, peakRssBytes, failure: `did not start within ${timeoutMs / 1000} s` };
  if (!answer) return { firstOkMs: null, peakRssBytes, failure: describeFailure(run) };
  if (answer.failed) return { firstOkMs: null, peakRssBytes, failure: answer.failed };
  if (answer.status !== 200) return { firstOkMs: null, peakRssBytes, failure: `first answer ${answer.status}` };
  return { firstOkMs: answer.firstOkMs, readyMs: answer.readyMs, importMs: answer.importMs, peakRssBytes };
}

/**
 * A start through a command (a package's bin): from the spawn to the first 200 of `path` at the URL it prints.
 * @param {string[]} command the program and its arguments; it must print `http://127.0.0.1:<port>` once listening
 * @param {{ path: string, headers: Record<string, string>, timeoutMs: number }} request
 * @returns {Promise<StartTime>}
 */
export async function timeCommandStart([program, ...args], { path, headers, timeoutMs }) {
  const started = performance.now();
  const child = spawn(/** @type {string} */ (program), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(`exited (${code})`)));
  let printed = '';
  const url = new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      printed += chunk;
      const found = /http:\/\/127\.0\.0\.1:\d+/.exec(printed);
      if (found) resolve(found[0]);
    });
  });
  const timeout = delay(timeoutMs).then(() => `did not start within ${timeoutMs / 1000} s`);
  try {
    const base = await Promise.race([url, exited, timeout]);
    if (!String(base).startsWith('http')) return { firstOkMs: null, failure: String(base) };
    while (performance.now() - started < timeoutMs) {
      const status = await requestStatus(base + path, { headers }).catch(() => 0);
      if (status === 200) return { firstOkMs: performance.now() - started };
      if (status !== 0) return { firstOkMs: null, failure: `first answer ${status}` };
      await delay(POLL_MS);
    }
    return { firstOkMs: null, failure: `no answer within ${timeoutMs / 1000} s` };
  } finally {
    child.kill();
    await exited;
  }
}
