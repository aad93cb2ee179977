/**
 * Base class of every error the client throws itself, bad options included. HTTP error responses of API
 * operations are not thrown: they come back as `{ error, response }`, as in openapi-fetch.
 */
export class PaymentsConnectError extends Error {
  override name = 'PaymentsConnectError';
}

/** An attempt got no response headers within `timeoutMs`, and the retries allowed (if any) did not either. */
export class PaymentsConnectTimeoutError extends PaymentsConnectError {
  override name = 'PaymentsConnectTimeoutError';
}

/**
 * The request got no HTTP response (connection refused or reset, DNS failure...), and the retries allowed (if
 * any) did not either. `cause` holds the error of the underlying fetch.
 */
export class PaymentsConnectConnectionError extends PaymentsConnectError {
  override name = 'PaymentsConnectConnectionError';
}

/**
 * The token exchange (`POST /auth/token`) was refused, so the call it was made for was not sent. It carries the
 * status only: nothing of the response body, which could echo the credentials.
 */
export class PaymentsConnectAuthenticationError extends PaymentsConnectError {
  override name = 'PaymentsConnectAuthenticationError';
  constructor(
    /** HTTP status of the token response (400: malformed request, 401: wrong credentials, ...). */
    readonly status: number,
  ) {
    super(`Token request refused: HTTP ${status}`);
  }
}

/** A sandbox-only operation (`x-sandbox-only: true`) was called on a production client; nothing was sent. */
export class SandboxOnlyOperationError extends PaymentsConnectError {
  override name = 'SandboxOnlyOperationError';
}
