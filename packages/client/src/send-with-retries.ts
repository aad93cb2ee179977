import { sleep } from './abortable-wait.js';
import type { CallRequest } from './call-request.js';
import { PaymentsConnectConnectionError, type PaymentsConnectError, PaymentsConnectTimeoutError } from './errors.js';
import { createRetryDecision, type RetryPolicy } from './retry-policy.js';
import type { TokenProvider } from './token-provider.js';

/**
 * Creates the sender of one client: it sends a request with `fetch`, the bearer from `tokens`, and after each
 * attempt does what the client's retry decision (`createRetryDecision`) says: renew the token and replay, wait and
 * retry, return the response or throw the failure. Each attempt has a timeout (`timeoutMs`, or the call's own). The
 * body is read once and replayed byte for byte, multipart boundary included. Without `tokens` it sends the token
 * request.
 */
export function createSender(
  fetch: typeof globalThis.fetch,
  retry: RetryPolicy | false | undefined,
  timeoutMs: number,
) {
  const retryDecision = createRetryDecision(retry);
  /** setTimeout fires at once for delays above 2^31-1 ms, so a longer timeout means "no timer". */
  const LONGEST_TIMER_MS = 2 ** 31 - 1;

  return async function send(request: CallRequest, tokens?: TokenProvider): Promise<Response> {
    const { signal } = request;
    // Nothing to follow when openapi-fetch built the request without a signal (`abortable: false`), nor for the
    // token request, which callers share. Spared then, since a listener on a request's fresh signal costs about
    // as much as the attempt's own controller (bench/src/sections/client.js, stubbed fetch).
    const followsCaller = tokens && request.abortable !== false;
    const attemptTimeoutMs = request.timeoutMs ?? timeoutMs;
    const body = request.body && (await request.arrayBuffer());
    let refused: string | undefined;
    for (let retries = 0; ; ) {
      // A cached token comes back as a string: only a token request is awaited, the usual call costs no tick.
      let token = tokens?.(signal, refused);
      if (typeof token === 'object') token = await token;
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      // One attempt. Its controller follows the caller's signal and the timeout; the caller's abort is a
      // decision, not a failure, so its reason is thrown as is and never retried.
      signal.throwIfAborted();
      const controller = new AbortController();
      // With the caller's reason, so that a body cut short rejects as the caller's own fetch would; a timeout
      // finds no reason there and aborts with the usual AbortError.
      const abort = () => controller.abort(signal.reason);
      if (followsCaller) signal.addEventListener('abort', abort, { once: true });
      // Unref'd: the request keeps the process alive while it runs, the timer need not; and a ref'd timer costs
      // a change of the event loop's reference count per attempt, which shows in the overhead benchmark.
      const timer = attemptTimeoutMs < LONGEST_TIMER_MS ? setTimeout(abort, attemptTimeoutMs) : undefined;
      (timer as { unref?: () => void } | undefined)?.unref?.();
      let response: Response | undefined;
      let failure: PaymentsConnectError | undefined;
      try {
        response = await fetch(request, { body, signal: controller.signal });
      } catch (cause) {
        signal.throwIfAborted();
        const label = `${request.method} ${request.url}`;
        failure = controller.signal.aborted
          ? new PaymentsConnectTimeoutError(`${label} timed out after ${attemptTimeoutMs} ms`)
          : new PaymentsConnectConnectionError(`${label} got no response`, { cause });
      } finally {
        clearTimeout(timer);
      }
      const next = retryDecision(response, request.method, retries, !tokens, !!token && !refused);
      // The listener stays with the response returned, so that the caller's abort also stops its body; it goes with
      // the request. Every other attempt drops its listener here, so retries do not pile them up.
      if (next === 'return') return response as Response;
      signal.removeEventListener('abort', abort);
      if (next === 'throw') throw failure;
      // Frees the connection of a response that will not be read.
      response?.body?.cancel().catch(() => {});
      if (next === 'renew') {
        refused = token as string;
      } else {
        retries++;
        if (next) await sleep(next, signal);
      }
    }
  };
}
