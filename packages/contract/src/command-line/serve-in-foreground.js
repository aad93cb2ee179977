/** How often a foreground server checks that whoever started it is still there. */
const PARENT_CHECK_INTERVAL_MS = 500;

/**
 * @typedef {object} ServerVerdict how a server's run ended, when it ends it non-zero
 * @property {number} status the exit status
 * @property {string} failedBecause what failed the run, for a person (`2 violation(s) of the contract
 *   (--fail-on-violation)`)
 */

/** The signals that stop a foreground server: Ctrl-C, `kill`, a closed terminal. */
const STOP_SIGNALS = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']);

/**
 * Keeps a server of a command-line tool (the mock's, the emulator's) in the foreground until it is told to stop,
 * and stops it whatever way the user stops what they started ({@link whenToldToStop}).
 * @param {() => Promise<void | number | ServerVerdict>} stop closes the server; what it
 *   resolves to is the exit status (0 when nothing), so that a command can end non-zero for what it saw while it ran,
 *   with what failed the run, said last
 * @param {{ onStop?: (reason: string) => void, name?: string }} [options] `name`: the command, for that last line
 * @returns {() => void} forgets the watch (for tests)
 */
export function serveInForeground(stop, { onStop, name } = {}) {
  const forget = whenToldToStop(async (_signal, reason) => {
    // A second Ctrl-C while stopping ends the process at once, as it would without this watch.
    forget();
    onStop?.(reason);
    const ended = await stop();
    if (typeof ended !== 'object') process.exit(ended ?? 0);
    if (ended.status !== 0 && name) process.stderr.write(`${name}: exits ${ended.status}: ${ended.failedBecause}\n`);
    process.exit(ended.status);
  });
  return forget;
}

/**
 * Calls `listener` each time the process is told to stop: on SIGINT, SIGTERM or SIGHUP, and once when the process
 * that launched it ends (as `SIGTERM`). `npx` and `pnpm exec` start a tool as a child; killing them leaves the child
 * to be adopted by another process, so a tool also stops once its parent process changes. While listening, the
 * signals no longer end the process by themselves.
 * @param {(signal: NodeJS.Signals, reason: string) => void} listener `reason` says it for a person (`SIGINT`, `its
 *   parent process 4242 ended`)
 * @returns {() => void} stops listening
 */
export function whenToldToStop(listener) {
  const parent = process.ppid;
  const handlers = STOP_SIGNALS.map((signal) => /** @type {const} */ ([signal, () => listener(signal, signal)]));
  for (const [signal, handler] of handlers) process.on(signal, handler);
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    listener('SIGTERM', `its parent process ${parent} ended`);
  }, PARENT_CHECK_INTERVAL_MS);
  watch.unref();
  return () => {
    clearInterval(watch);
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}
