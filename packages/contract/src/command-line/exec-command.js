import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { EXIT_FAILURE, runFailure } from './command-errors.js';
import { whenToldToStop } from './serve-in-foreground.js';

/** How long exec waits for the server's health route. A server in this process answers at once: this ends a hang. */
const HEALTH_WAIT_MS = 30_000;

/** The pause between two probes of the health route, and how long one may take. */
const HEALTH_RETRY_MS = 100;
const HEALTH_PROBE_MS = 5_000;

/** The statuses a shell gives a command it cannot run, which scripts already test for: not found, not executable. */
const EXIT_NOT_FOUND = 127;
const EXIT_NOT_EXECUTABLE = 126;

/** @typedef {import('./serve-in-foreground.js').ServerVerdict} ServerVerdict */

/**
 * @typedef {object} ExecOptions
 * @property {string[]} run the command and its arguments, run as they are, without a shell
 * @property {Record<string, string>} settings the server's settings, added to the command's environment (those
 *   `--write-env` writes: `PAYMENTS_CONNECT_BASE_URL` and, for the emulator, its credentials, accounts and fixtures)
 * @property {string} healthUrl the server's readiness route, probed before the command starts
 * @property {() => Promise<void | number | ServerVerdict>} stop stops the server; what it resolves to is its own exit
 *   status (0 when nothing), with what failed the run: a proxy run with `--fail-on-violation` that saw a violation, a
 *   strict replay that had no answer, a state that could not be saved
 * @property {{ count: () => number, server: string, setup: string }} [requests] how many requests the server received
 *   (its journal's count, control routes aside), the server in words (`mock`) and the test setup that attaches a test
 *   run to it (`@payments-connect/mock/vitest`): a command that sent none is told so, as its tests most likely went
 *   elsewhere and the journal is empty
 */

/**
 * Runs one command against a server this process serves and ends with it, as `firebase emulators:exec` does, so
 * that a CI step cannot swallow a failure: it waits until the server's health route answers, starts the command with
 * the server's settings in its environment, passes SIGINT, SIGTERM and SIGHUP on to it (SIGTERM when the process
 * that started this one ends), and once the command has ended stops the server and exits with the command's status:
 * 128 + the signal's number for a command a signal ended, 127 for one that cannot be found (126: not executable). A
 * command that passed ends with the server's own status instead, so a violation a proxy saw still fails the step.
 * @param {import('./command-errors.js').CommandLine} command the bin, for its messages
 * @param {ExecOptions} options
 * @returns {Promise<never>}
 */
export async function execCommand(command, { run, settings, healthUrl, stop, requests }) {
  // Listening from the start, not from the spawn: a signal that came before the command exists would otherwise end
  // this process at once (the default), leaving a command started a moment later with no one to stop it.
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  /** @type {NodeJS.Signals | undefined} */
  let stoppedBy;
  const forget = whenToldToStop((signal) => {
    if (child) child.kill(signal);
    else stoppedBy ??= signal;
  });
  const up = await answers(healthUrl, () => stoppedBy !== undefined);
  if (stoppedBy) {
    forget();
    await stop();
    process.exit(128 + constants.signals[stoppedBy]);
  }
  if (!up) {
    forget();
    await stop();
    runFailure(command, `the server did not answer ${healthUrl} within ${HEALTH_WAIT_MS / 1000} s`);
  }
  const [file = '', ...args] = run;
  const started = spawn(file, args, { stdio: 'inherit', env: { ...process.env, ...settings } });
  child = started;
  let ran = true;
  /** @type {number} */
  const status = await new Promise((resolve) => {
    started.once('error', (error) => {
      ran = false;
      resolve(cannotRun(command, file, error));
    });
    started.once('exit', (code, signal) => {
      const status = code ?? 128 + (signal ? constants.signals[signal] : 0);
      if (status !== 0) process.stderr.write(`${command.name}: ${shown(run)} ended with exit status ${status}\n`);
      resolve(status);
    });
  });
  forget();
  // Said before the server stops, so that its own summary comes after and the verdict last.
  if (ran && requests && requests.count() === 0) {
    const url = settings.PAYMENTS_CONNECT_BASE_URL;
    process.stderr.write(
      `${command.name}: ${shown(run)} sent no request of the API to the ${requests.server} at ${url}: ` +
        `its tests reach it through PAYMENTS_CONNECT_BASE_URL (with vitest, globalSetup: ['${requests.setup}'])\n`,
    );
  }
  const ended = await stop();
  const verdict = typeof ended === 'object' ? ended : { status: ended ?? 0, failedBecause: '' };
  // The last line says why a run whose command passed still fails: a log that shows the tests passing, then exit 1,
  // leaves a reader looking for what went wrong.
  if (status === 0 && verdict.status !== 0)
    process.stderr.write(
      `${command.name}: ${shown(run)} passed, but the run fails (exit ${verdict.status}): ` +
        `${verdict.failedBecause || 'the server did not stop cleanly'}\n`,
    );
  process.exit(status === 0 ? verdict.status : status);
}

/** How much of a command a line names: enough to know it, not a script given with `-e`. */
const SHOWN_LENGTH = 60;

/**
 * The command as a line names it: its words on one line, cut short.
 * @param {string[]} run
 */
function shown(run) {
  const line = run.join(' ').replace(/\s+/g, ' ').trim();
  return line.length > SHOWN_LENGTH ? `${line.slice(0, SHOWN_LENGTH - 1)}…` : line;
}

/**
 * Says why the command could not be started, in one line, and gives the status a shell would.
 * @param {import('./command-errors.js').CommandLine} command
 * @param {string} file
 * @param {NodeJS.ErrnoException} error
 */
function cannotRun(command, file, error) {
  const why =
    error.code === 'ENOENT'
      ? 'no such command (it runs without a shell: for a shell line, -- sh -c "...")'
      : error.message;
  process.stderr.write(`${command.name}: cannot run ${file}: ${why}\n`);
  if (error.code === 'ENOENT') return EXIT_NOT_FOUND;
  return error.code === 'EACCES' ? EXIT_NOT_EXECUTABLE : EXIT_FAILURE;
}

/**
 * Probes a health route until it answers 200, within {@link HEALTH_WAIT_MS}, or until told to give up.
 * @param {string} url
 * @param {() => boolean} givenUp
 * @returns {Promise<boolean>}
 */
async function answers(url, givenUp) {
  const deadline = performance.now() + HEALTH_WAIT_MS;
  for (let attempt = 0; attempt < HEALTH_WAIT_MS / HEALTH_RETRY_MS && performance.now() < deadline; attempt += 1) {
    if (givenUp()) return false;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(HEALTH_PROBE_MS) });
      await response.arrayBuffer();
      if (response.ok) return true;
    } catch {
      // Not up yet: probed again.
    }
    await sleep(HEALTH_RETRY_MS);
  }
  return false;
}
