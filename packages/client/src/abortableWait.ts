/**
 * Settles like `promise`, or rejects with the signal's reason as soon as `signal` aborts. The listener is not
 * removed: every signal here belongs to one request and goes away with it.
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort);
    promise.then(resolve, reject);
  });
}

/** Waits `ms`, or rejects with the signal's reason as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return abortable(new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))), signal).finally(() =>
    clearTimeout(timer),
  );
}
