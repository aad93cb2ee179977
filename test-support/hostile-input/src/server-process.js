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
