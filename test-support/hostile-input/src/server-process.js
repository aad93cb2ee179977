import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** How long a server process may take to print its URL. */
const START_TIMEOUT_MS = 20_000;

/**
 * @typedef {object} ServerProcess a server started as its users start it: its command, in a process of its own
 * @property {string} url the base URL it printed
 * @property {number} pid
 * @property {() => { rssBytes: number, fds: number }} stats its resident memory and open file descriptors now
 * @property {() => Promise<void>} stop SIGTERM, and waits for the exit
 */

/**
 * Starts a server's command (`node bin/… --port 0`) and resolves once it prints its URL. Measuring a server in a
 * process of its own keeps the clients' memory (the uploads a test builds) out of the server's figures.
 * @param {string} bin the command's script
 * @param {string[]} args
 * @returns {Promise<ServerProcess>}
 */
export function startServerProcess(bin, args) {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${bin} printed no URL within ${START_TIMEOUT_MS} ms: ${output}`));
    }, START_TIMEOUT_MS);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const url = /listening on (http:\/\/[^\s]+)/.exec(output)?.[1];
      if (!url || child.pid === undefined) return;
      clearTimeout(timer);
      const pid = child.pid;
      resolve({
        url,
        pid,
        stats: () => processStats(pid),
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${bin} exited with ${code} before printing its URL: ${output}`));
    });
  });
}

/**
 * Resident memory and open file descriptors of a process (Linux /proc).
 * @param {number} pid
 */
function processStats(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKiB = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return { rssBytes: rssKiB * 1024, fds: readdirSync(`/proc/${pid}/fd`).length };
}

/** How long a command run to its end may take: far beyond what any takes, so that only a hang ends by it. */
const RUN_TIMEOUT_MS = 120_000;

/**
 * @typedef {object} CommandProcess a command run in a process group of its own
 * @property {number} pid its pid, the id of its process group
 * @property {() => { stdout: string, stderr: string }} output what it printed so far
 * @property {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} exited once it ended and its output
 *   closed; rejects when it had not ended within two minutes (its group is killed then)
 * @property {(pattern: RegExp) => Promise<RegExpExecArray>} printed resolves once its output (stdout and stderr
 *   apart) matches; rejects when it ends first
 * @property {() => boolean} groupAlive whether any process of its group (what it started, too) is still there
 * @property {() => void} killGroup SIGKILL to the whole group, for a test's cleanup; nothing when it is gone
 */

/**
 * Runs a command (`node bin/… exec -- …`) as a script would, in a process group of its own, so that a test can tell
 * whether it left anything behind and end everything it started.
 * @param {string} bin the command's script, run with this Node
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string }} [options]
 * @returns {CommandProcess}
 */
export function runCommand(bin, args, { env = process.env, cwd } = {}) {
  const child = spawn(process.execPath, [bin, ...args], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
    cwd,
  });
  const pid = child.pid ?? 0;
  const output = { stdout: '', stderr: '' };
  /** @type {Set<() => void>} */
  const listeners = new Set();
  for (const name of /** @type {const} */ (['stdout', 'stderr'])) {
    child[name].on('data', (chunk) => {
      output[name] += chunk;
      for (const listener of listeners) listener();
    });
  }
  const killGroup = () => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  const exited = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      killGroup();
      reject(new Error(`${bin} ${args.join(' ')} did not end within ${RUN_TIMEOUT_MS} ms: ${output.stderr}`));
    }, RUN_TIMEOUT_MS);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
  return {
    pid,
    output: () => ({ ...output }),
    exited,
    printed: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output.stdout) ?? pattern.exec(output.stderr);
          if (!match) return;
          listeners.delete(check);
          resolve(match);
        };
        listeners.add(check);
        check();
        exited.then(
          () => reject(new Error(`ended before printing ${pattern}: ${output.stdout}${output.stderr}`)),
          reject,
        );
      }),
    groupAlive: () => {
      try {
        process.kill(-pid, 0);
        return true;
      } catch {
        return false;
      }
    },
    killGroup,
  };
}
