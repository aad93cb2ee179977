/** Retries after the first attempt: rides out a blip or a rate-limit window without hiding an outage. */
export const DEFAULT_MAX_RETRIES = 2;
/** First backoff ceiling; doubled per retry, then a random point below it is taken (full jitter). */
export const DEFAULT_BASE_DELAY_MS = 500;
/** Cap of the backoff ceiling, so a high `maxRetries` never waits minutes between attempts. */
export const DEFAULT_MAX_DELAY_MS = 8_000;
/** A `Retry-After` longer than this is not waited out: the response goes back to the caller to decide. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * PUT and DELETE replace or remove, so a repeat lands in the same state (section 7: RFI writes are idempotent
 * under replace semantics); GET, HEAD and OPTIONS change nothing. POST may act twice: never repeated, except the
 * token request, which only mints a token.
 */
const METHODS_SAFE_TO_REPEAT = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'];

/** How a client retries: the `retry` option (`retry: false` means no retries). */
export interface RetryPolicy {
  /** Retries after the first attempt. Default {@link DEFAULT_MAX_RETRIES}. */
  maxRetries?: number;
  /** Backoff ceiling of the first retry in ms. Default {@link DEFAULT_BASE_DELAY_MS}. */
  baseDelayMs?: number;
  /** Largest backoff ceiling in ms. Default {@link DEFAULT_MAX_DELAY_MS}. */
  maxDelayMs?: number;
}

/** Whether a request with this method may be sent again after a failure. */
export function isSafeToRepeat(method: string): boolean {
  return METHODS_SAFE_TO_REPEAT.includes(method);
}

/**
 * Reads `Retry-After` as delay-seconds or an HTTP date (RFC 9110 §10.2.3), in ms from `now`. Undefined when
 * absent or unreadable, so that backoff applies instead.
 */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isNaN(seconds) ? Date.parse(header) - now : seconds * 1000;
  return Number.isNaN(ms) ? undefined : Math.max(0, ms);
}

/**
 * The policy of a client: returns the wait in ms before retry number `retry` (from 0) after `response`, or after
 * a network failure or timeout when `response` is undefined; undefined when the policy says not to retry.
 */
export function createRetryPolicy(policy: RetryPolicy | false = {}) {
  const {
    maxRetries = DEFAULT_MAX_RETRIES,
    baseDelayMs = DEFAULT_BASE_DELAY_MS,
    maxDelayMs = DEFAULT_MAX_DELAY_MS,
  } = policy || { maxRetries: 0 };
  return (retry: number, response?: Response): number | undefined => {
    // 429: the server asks us to come back later. 5xx: section 7 says retry with exponential backoff.
    // Every other status is an answer: 400/404 need a fix first; 403, 405 and 415 will not change; 409 is a real
    // conflict in this API (RFI_NOT_OPEN, RFI_ITEM_ALREADY_APPROVED), never cleared by waiting; 401 gets the one
    // token refresh instead.
    if (retry >= maxRetries || (response && response.status !== 429 && response.status < 500)) return undefined;
    const asked = retryAfterMs(response?.headers.get('Retry-After'));
    // Full jitter: a random point below the doubled ceiling spreads the retries of many clients apart.
    if (asked === undefined) return Math.random() * Math.min(maxDelayMs, baseDelayMs * 2 ** retry);
    // Waiting less than asked only earns another 429; waiting far longer is the caller's decision.
    return asked <= MAX_RETRY_AFTER_MS ? asked : undefined;
  };
}
