/** How often a foreground server checks that whoever started it is still there. */
const PARENT_CHECK_INTERVAL_MS = 500;

/** The signals that stop a foreground server: Ctrl-C, `kill`, a closed terminal. */
const STOP_SIGNALS = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']);

/**
 * Keeps a server of a command-line tool (the mock's, the emulator's) in the foreground until it is told to stop,
 * and stops it whatever way the user stops what they started: a signal, or the end of the process that launched
 * it. `npx` and `pnpm exec` start the tool as a child; killing them leaves the child to be adopted by another
 * process, so the tool also stops once its parent process changes.
 * @param {() => Promise<void | number>} stop closes the server; what it resolves to is the exit status (0 when
 *   nothing), so that a command can end non-zero for what it saw while it ran
 * @param {{ onStop?: (reason: string) => void }} [options]
 * @returns {() => void} forgets the watch (for tests)
 */
export function serveInForeground(stop, { onStop } = {}) {
  const parent = process.ppid;
  let stopping = false;
  /** @param {string} reason */
  const shutDown = async (reason) => {
    if (stopping) return;
    stopping = true;
    onStop?.(reason);
    const status = await stop();
    process.exit(status ?? 0);
  };
  const handlers = STOP_SIGNALS.map((signal) => /** @type {const} */ ([signal, () => shutDown(signal)]));
  for (const [signal, handler] of handlers) process.once(signal, handler);
  const watch = setInterval(() => {
    if (process.ppid !== parent) shutDown(`its parent process ${parent} ended`);
  }, PARENT_CHECK_INTERVAL_MS);
  watch.unref();
  return () => {
    clearInterval(watch);
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
}
