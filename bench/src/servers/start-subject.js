import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadSampleExchange } from '../clients/sample-exchange.js';

const SUBJECT_PROCESS = fileURLToPath(new URL('./subject-process.js', import.meta.url));

/**
 * What the subject process is told: its kind, the mock's spec, the request of the load and the bare server's answers.
 * @typedef {object} SubjectSettings
 * @property {'bare' | 'bare-proxy' | 'mock' | 'emulator'} kind
 * @property {string} [spec] another spec than the bundled one (the mock)
 * @property {string} [upstream] where the bare proxy forwards to
 * @property {string} path what the load asks for (the emulator picks its own)
 * @property {Record<string, string>} headers
 * @property {import('../clients/answer-exchange.js').AnswerBodies} bodies
 */

/**
 * @typedef {object} Subject a server under measurement, in a process of its own
 * @property {string} kind
 * @property {number | undefined} pid its process
 * @property {string} baseUrl `http://127.0.0.1:<port>`
 * @property {import('../load/wrk.js').LoadTarget} target the request the load repeats
 * @property {number} firstOkMs from before its package was imported to its first 200
 * @property {() => Promise<{ rss: number, heapUsed: number }>} memory after a full garbage collection
 * @property {() => Promise<void>} stop
 */

/** @type {import('../clients/sample-exchange.js').SampleExchange | undefined} */
let sample;

/**
 * Starts a server under measurement in a fresh Node process, which checks that the request of the load answers 200.
 * @param {SubjectSettings['kind']} kind
 * @param {{ spec?: string, path?: string, headers?: Record<string, string>, upstream?: string, timeoutMs?: number }}
 *   [options] spec and path: another spec for the mock, and the path to ask for on it; upstream: the bare proxy's
 * @returns {Promise<Subject>}
 * @throws {Error} when it exits or does not answer in time, with the end of what it printed
 */
export async function startSubject(kind, { spec, path, headers, upstream, timeoutMs = 60_000 } = {}) {
  sample ??= loadSampleExchange();
  const bodies = { caseBody: sample.caseBody, tokenBody: sample.tokenBody };
  /** @type {SubjectSettings} */
  const settings = { kind, spec, path: path ?? sample.path, headers: headers ?? sample.headers, bodies, upstream };
  const child = fork(SUBJECT_PROCESS, [JSON.stringify(settings)], {
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-600);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {any} */
  const ready = await Promise.race([
    new Promise((resolve) => child.once('message', resolve)),
    exited.then((code) => Promise.reject(new Error(`${kind} exited (${code}): ${stderr.trim()}`))),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${kind} did not answer within ${timeoutMs / 1000} s`)), timeoutMs);
    }),
  ])
    .catch(async (error) => {
      child.kill('SIGKILL');
      await exited;
      throw error;
    })
    .finally(() => clearTimeout(timer));
  return {
    kind,
    pid: child.pid,
    baseUrl: ready.url,
    target: { url: `${ready.url}${ready.path}`, headers: ready.headers },
    firstOkMs: ready.firstOkMs,
    memory: () =>
      new Promise((resolve) => {
        child.once('message', (message) => resolve(/** @type {any} */ (message)));
        child.send('memory');
      }),
    stop: async () => {
      if (child.exitCode === null && child.connected) child.send('stop');
      await exited;
    },
  };
}
