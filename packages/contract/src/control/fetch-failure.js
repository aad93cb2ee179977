/**
 * Why a request sent with fetch got no answer, in words a person can act on. Node's fetch rejects with a bare
 * `TypeError: fetch failed` whatever happened; what happened is in its `cause` (a system error's `code` and address, or
 * one of undici's), and a bound set with `AbortSignal.timeout` rejects with a `TimeoutError` of its own.
 */

/** Causes by their code: the words, then whether the cause's own message adds the address or host. */
const CAUSES = {
  ECONNREFUSED: 'connection refused: nothing listens there',
  ENOTFOUND: 'DNS lookup failed: no such host',
  EAI_AGAIN: 'DNS lookup failed for now (EAI_AGAIN): the resolver did not answer',
  ETIMEDOUT: 'timed out connecting',
  UND_ERR_CONNECT_TIMEOUT: 'timed out connecting',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'the connection was reset before an answer came',
  EPIPE: 'the connection was closed while the request was sent',
  UND_ERR_SOCKET: 'the connection was closed before an answer came',
  UND_ERR_HEADERS_TIMEOUT: 'timed out waiting for the answer',
  UND_ERR_BODY_TIMEOUT: 'timed out reading the answer',
};

/**
 * @param {unknown} error what fetch, or reading its answer, rejected with
 * @param {number} [timeoutMs] the bound given to `AbortSignal.timeout`, to say how long was waited
 * @returns {string} e.g. `connection refused: nothing listens there (connect ECONNREFUSED 127.0.0.1:9)`,
 *   `DNS lookup failed: no such host (getaddrinfo ENOTFOUND hooks.invalid)`, `timed out: no answer within 2000 ms`
 */
export function describeFetchFailure(error, timeoutMs) {
  if (error instanceof Error && error.name === 'TimeoutError')
    return timeoutMs === undefined ? 'timed out: no answer in time' : `timed out: no answer within ${timeoutMs} ms`;
  if (!(error instanceof Error)) return String(error);
  const cause = /** @type {{ cause?: unknown }} */ (error).cause;
  if (!(cause instanceof Error)) return error.message;
  const { code } = /** @type {{ code?: unknown }} */ (cause);
  const detail = causeMessage(cause);
  if (typeof code === 'string' && Object.hasOwn(CAUSES, code))
    return `${CAUSES[/** @type {keyof typeof CAUSES} */ (code)]} (${detail})`;
  if (typeof code === 'string' && /CERT|TLS|SSL|SELF_SIGNED/.test(code)) return `TLS failed: ${detail}`;
  return `${error.message} (${detail})`;
}

/**
 * A cause's message; a connection tried on several addresses (Node's `autoSelectFamily`) fails with an
 * AggregateError whose own message is empty, so its first attempt speaks for it.
 * @param {Error} cause
 */
function causeMessage(cause) {
  if (cause.message) return cause.message;
  const first = cause instanceof AggregateError ? cause.errors[0] : undefined;
  const code = /** @type {{ code?: unknown }} */ (cause).code;
  return first instanceof Error && first.message ? first.message : String(code ?? cause.name);
}
