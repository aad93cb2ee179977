import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SUBJECT_PROCESS = fileURLToPath(new URL('./subject-process.js', import.meta.url));
/** A server that does not answer within this long does not start. */
const START_TIMEOUT_MS = 60_000;

/** @typedef {'bare' | 'mock' | 'emulator'} SubjectKind */

/**
 * @typedef {object} Subject a server under measurement, in a process of its own
 * @property {SubjectKind} kind
 * @property {number} pid
 * @property {string} baseUrl `http://127.0.0.1:<port>`
 * @property {import('../load/load-result.js').LoadTarget} target the request the load repeats
 * @property {() => Promise<{ rss: number, heapUsed: number }>} memory after a full garbage collection
 * @property {() => Promise<void>} stop
 */

/**
 * Starts a server under measurement in a child process and checks that its request answers 200.
 * @param {SubjectKind} kind
 * @param {{ spec?: string, path?: string }} [options] the mock only: another spec, and the path to request on it
 * @returns {Promise<Subject>}
 */
export async function startSubject(kind, options = {}) {
  const child = fork(SUBJECT_PROCESS, [JSON.stringify({ kind, ...options })], {
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  /** @type {{ url: string, path: string, headers: Record<string, string> }} */
  const ready = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${kind} did not start within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(/** @type {any} */ (message));
    });
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${kind} exited (${code}) before it answered: ${stderr.trim()}`));
    });
  });
  const stop = async () => {
    if (child.exitCode === null && child.connected) child.send('stop');
    await exited;
  };
  const target = { url: `${ready.url}${ready.path}`, headers: ready.headers };
  const probe = await fetch(target.url, { headers: target.headers });
  await probe.arrayBuffer();
  if (probe.status !== 200) {
    await stop();
    throw new Error(`${kind}: GET ${ready.path} answered ${probe.status}, not 200`);
  }
  return {
    kind,
    pid: /** @type {number} */ (child.pid),
    baseUrl: ready.url,
    target,
    memory: () =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve(/** @type {any} */ (message)));
        child.send('memory');
      }),
    stop,
  };
}
