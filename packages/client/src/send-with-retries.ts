import { sleep } from './abortable-wait.js';
import type { CallRequest } from './call-request.js';
import { PaymentsConnectConnectionError, type PaymentsConnectError, PaymentsConnectTimeoutError } from './errors.js';
import { createRetryPolicy, isSafeToRepeat, type RetryPolicy } from './retry-policy.js';
import type { TokenProvider } from './token-provider.js';

/**
 * Creates the sender of one client: it sends a request with `fetch` under the client's policies. The bearer comes
 * from `tokens`, with one refresh and one replay after a 401; requests safe to repeat are retried with backoff;
 * each attempt has a timeout (`timeoutMs`, or the call's own). The body is read once and replayed byte for byte,
 * multipart boundary included. Without `tokens` it sends the token request: a POST, yet safe to repeat, since it
 * only mints a token.
 */
export function createSender(
  fetch: typeof globalThis.fetch,
  retry: RetryPolicy | false | undefined,
  timeoutMs: number,
) {
  const retryDelayMs = createRetryPolicy(retry);
  /** setTimeout fires at once for delays above 2^31-1 ms, so a longer timeout means "no timer". */
  const LONGEST_TIMER_MS = 2 ** 31 - 1;

  return async function send(request: CallRequest, tokens?: TokenProvider): Promise<Response> {
    const { signal } = request;
    // Nothing to follow when openapi-fetch built the request without a signal (`abortable: false`), nor for the
    // token request, which callers share. Spared then, since a listener on a request's fresh signal costs about
    // as much as the attempt's own controller (tools/bench/src/sections/client.js, stubbed fetch).
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
        // The listener stays with the response returned, so that the caller's abort also stops its body; it goes
        // with the request. Every other attempt drops its listener below, so retries do not pile them up.
        if (response.ok) return response;
      } catch (cause) {
        signal.throwIfAborted();
        const label = `${request.method} ${request.url}`;
        failure = controller.signal.aborted
          ? new PaymentsConnectTimeoutError(`${label} timed out after ${attemptTimeoutMs} ms`)
          : new PaymentsConnectConnectionError(`${label} got no response`, { cause });
      } finally {
        clearTimeout(timer);
      }
      let delay: number | undefined = 0;
      if (response?.status === 401 && token && !refused) {
        // The token was revoked or expired early: renew it once and replay at once. A second 401 is the answer.
        refused = token;
      } else {
        delay = tokens && !isSafeToRepeat(request.method) ? undefined : retryDelayMs(retries++, response);
        if (delay === undefined && response) return response;
      }
      signal.removeEventListener('abort', abort);
      if (delay === undefined) throw failure;
      // Frees the connection of a response that will not be read.
      response?.body?.cancel().catch(() => {});
      if (delay) await sleep(delay, signal);
    }
  };
}
