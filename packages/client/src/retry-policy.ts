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
 * under replace semantics); GET, HEAD and OPTIONS change nothing.
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

/**
 * What the sender does after an attempt: `'return'` the response as the call's answer, `'throw'` the attempt's
 * failure (no response came), `'renew'` the token and replay at once, or wait this many ms and send again.
 */
export type RetryDecision = 'return' | 'throw' | 'renew' | number;

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
 * The retry decision of a client, in one function: what to do after an attempt. Allocates nothing, so a success
 * costs one call of it.
 */
export function createRetryDecision(policy: RetryPolicy | false = {}) {
  const {
    maxRetries = DEFAULT_MAX_RETRIES,
    baseDelayMs = DEFAULT_BASE_DELAY_MS,
    maxDelayMs = DEFAULT_MAX_DELAY_MS,
  } = policy || { maxRetries: 0 };
  /**
   * @param response the attempt's response; undefined after a network failure or a timeout
   * @param method the request's method
   * @param retries retries made so far in this call (the replay after a token renewal is not one)
   * @param isTokenRequest whether the request is the token request itself
   * @param canRenewToken whether the attempt carried a token that may still be renewed during this call
   */
  return function retryDecision(
    response: Response | undefined,
    method: string,
    retries: number,
    isTokenRequest: boolean,
    canRenewToken: boolean,
  ): RetryDecision {
    // A success is the answer.
    if (response?.ok) return 'return';
    // The token was revoked or expired early: renew it once and replay at once. A second 401 is the answer.
    if (response?.status === 401 && canRenewToken) return 'renew';
    // A POST (or a PATCH) may act twice, so it is never repeated; the token request is a POST that only mints a token.
    if (!isTokenRequest && !METHODS_SAFE_TO_REPEAT.includes(method)) return response ? 'return' : 'throw';
    // The budget (`maxRetries`, 0 with `retry: false`) is spent: the last answer or failure is the call's.
    if (retries >= maxRetries) return response ? 'return' : 'throw';
    if (response) {
      // 429: the server asks us to come back later; 5xx: section 7 says retry with exponential backoff. Any other
      // status is an answer: 400/404 need a fix first, 403/405/415 will not change, 401 had its one renewal, and a
      // 409 is a real conflict in this API (RFI_NOT_OPEN, RFI_ITEM_ALREADY_APPROVED) that waiting never clears.
      if (response.status !== 429 && response.status < 500) return 'return';
      const asked = retryAfterMs(response.headers.get('Retry-After'));
      // Waiting less than asked only earns another 429; waiting far longer is the caller's decision.
      if (asked !== undefined) return asked <= MAX_RETRY_AFTER_MS ? asked : 'return';
    }
    // No answer (a network failure, a timeout) or no readable Retry-After: full jitter, a random point below the
    // doubled ceiling, spreads the retries of many clients apart.
    return Math.random() * Math.min(maxDelayMs, baseDelayMs * 2 ** retries);
  };
}
