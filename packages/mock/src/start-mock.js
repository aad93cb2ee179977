import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { DEFAULT_HOST } from './defaults.js';

const MOCK_PROCESS = fileURLToPath(new URL('./mock-process.js', import.meta.url));
/** Prism loads in about 1.5 s; a loaded CI machine gets twenty times that before we give up. */
export const DEFAULT_START_TIMEOUT_MS = 30_000;
/** How long stop() waits after SIGTERM before it sends SIGKILL. */
const STOP_GRACE_MS = 2_000;

/**
 * Starts the mock in a child process and resolves once it answers HTTP.
 *
 * The child is spawned detached (its own process group) so that stop() can end the whole group, and
 * it exits by itself when this process goes away (its IPC channel closes).
 *
 * @param {import('./index.js').StartMockOptions} [options]
 * @returns {Promise<import('./index.js').RunningMock>}
 */
export function startMock({
  port = 0,
  host = DEFAULT_HOST,
  dynamic,
  seed,
  spec,
  startTimeoutMs = DEFAULT_START_TIMEOUT_MS,
} = {}) {
  const child = spawn(process.execPath, [MOCK_PROCESS, JSON.stringify({ port, host, dynamic, seed, spec })], {
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      signalGroup(child, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    })();
    return stopping;
  };

  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = async (message) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      await stop();
      reject(new Error(`payments-connect-mock did not start: ${message}`));
    };
    const timer = setTimeout(() => fail(`not ready within ${startTimeoutMs} ms`), startTimeoutMs);
    child.once('error', (error) => fail(error.message));
    exited.then(({ code, signal }) =>
      fail(`the mock process exited (${signal ?? `code ${code}`}) before it was ready`),
    );
    child.on('message', async (message) => {
      if (message?.type === 'failed') return fail(message.message);
      if (message?.type !== 'ready') return;
      try {
        await answersHttp(message.url);
      } catch (error) {
        return fail(`it reported ${message.url} but does not answer there (${error.message})`);
      }
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Let the caller's process exit without stop(); the child follows it (see mock-process.js).
      child.unref();
      child.channel?.unref();
      resolve({ url: message.url, port: message.port, pid: child.pid, stop });
    });
  });
}

/**
 * Resolves on any HTTP answer from `url`. node:http rather than fetch, which refuses ports such as 22.
 * @param {string} url
 */
function answersHttp(url) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'HEAD', agent: false }, (response) => {
      response.resume();
      resolve(undefined);
    });
    request.on('error', reject);
    request.end();
  });
}

/** Signals the child's whole process group; ESRCH (already gone) is fine. */
function signalGroup(child, signal) {
  try {
    if (process.platform === 'win32') child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch (error) {
    if (error.code !== 'ESRCH') throw error;
  }
}
