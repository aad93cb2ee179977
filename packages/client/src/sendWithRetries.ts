import { sleep } from './abortableWait.js';
import { PaymentsConnectConnectionError, type PaymentsConnectError, PaymentsConnectTimeoutError } from './errors.js';
import { createRetryPolicy, isSafeToRepeat, type RetryPolicy } from './retryPolicy.js';
import type { TokenProvider } from './tokenProvider.js';

/** setTimeout fires at once for delays above 2^31-1 ms, so a longer timeout means "no timer". */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** What every request of one client shares. */
export interface TransportConfig {
  fetch: typeof fetch;
  retry: RetryPolicy | false | undefined;
  /** Per attempt, until the response headers arrive. */
  timeoutMs: number;
}

/**
 * A request as openapi-fetch hands it over: it copies the keys of a call's init that a Request lacks (our
 * `timeoutMs`) onto it. A middleware that returns a new Request drops them: the client's timeout applies then.
 */
type CallRequest = Request & { timeoutMs?: number };

/**
 * Creates the sender of one client: it sends a request under the client's policies. The bearer comes from
 * `tokens`, with one refresh and one replay after a 401; requests safe to repeat are retried with backoff; each
 * attempt has a timeout. The body is read once and replayed byte for byte, multipart boundary included. Without
 * `tokens` it sends the token request: a POST, yet safe to repeat, since it only mints a token.
 */
export function createSender(config: TransportConfig) {
  const { fetch } = config;
  const retryDelayMs = createRetryPolicy(config.retry);

  return async function send(request: CallRequest, tokens?: TokenProvider): Promise<Response> {
    const { signal } = request;
    const retryable = !tokens || isSafeToRepeat(request.method);
    const timeoutMs = request.timeoutMs ?? config.timeoutMs;
    const body = request.body && (await request.arrayBuffer());
    let refused: string | undefined;
    for (let retry = 0; ; ) {
      const token = tokens && (await tokens(signal, refused));
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      // One attempt. The controller follows the caller's signal (also while the body is read) and the timer; the
      // caller's abort is a decision, not a failure, so its reason is thrown as is and never retried.
      signal.throwIfAborted();
      const controller = new AbortController();
      const abort = () => controller.abort();
      signal.addEventListener('abort', abort);
      const timer = timeoutMs < LONGEST_TIMER_MS ? setTimeout(abort, timeoutMs) : undefined;
      let response: Response | undefined;
      let failure: PaymentsConnectError | undefined;
      try {
        response = await fetch(request, { body, signal: controller.signal });
      } catch (cause) {
        signal.throwIfAborted();
        const label = `${request.method} ${request.url}`;
        failure = controller.signal.aborted
          ? new PaymentsConnectTimeoutError(`${label} timed out after ${timeoutMs} ms`)
          : new PaymentsConnectConnectionError(`${label} got no response`, { cause });
      } finally {
        clearTimeout(timer);
      }
      if (response?.status === 401 && token && !refused) {
        // The token was revoked or expired early: renew it once and replay. A second 401 is the answer.
        refused = token;
        discard(response);
        continue;
      }
      const delay = retryable ? retryDelayMs(retry++, response) : undefined;
      if (delay === undefined) {
        if (response) return response;
        throw failure;
      }
      if (response) discard(response);
      await sleep(delay, signal);
    }
  };
}

/** Frees the connection of a response that will not be read. */
function discard(response: Response): void {
  response.body?.cancel().catch(() => {});
}
