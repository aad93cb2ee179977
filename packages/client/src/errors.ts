import { TOKEN_PATH } from './generated/spec-constants.js';

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
 * The token exchange (`POST /auth/token`) gave no token, so the call it was made for was not sent: the server refused
 * it (`status` 400, 401, 404...) or answered without an `access_token`. It names the token URL and keeps the `code`
 * and `message` of the server's error envelope, with the client secret replaced by `[redacted]` wherever the server
 * echoed it as a value of its own (never inside a longer word); nothing else of the response (`details` could hold the
 * credentials too).
 */
export class PaymentsConnectAuthenticationError extends PaymentsConnectError {
  override name = 'PaymentsConnectAuthenticationError';
  constructor(
    /** HTTP status of the token response (400: malformed request, 401: wrong credentials, 404: wrong `baseUrl`...). */
    readonly status: number,
    /** Where the token request went: `baseUrl` followed by `/auth/token`. Set on every error the client throws;
     * optional so that `new PaymentsConnectAuthenticationError(401)` (say, in a consumer's tests) still works. */
    readonly tokenUrl?: string,
    /** The `code` of the server's error envelope (`UNAUTHORIZED`, `VALIDATION_FAILED`...), when it sent one. */
    readonly code?: string,
    /** The `message` of the server's error envelope (`clientId or clientSecret is not recognised`...), when sent. */
    readonly serverMessage?: string,
  ) {
    super(
      `Token request${tokenUrl ? ` to ${tokenUrl}` : ''} ${status < 300 ? 'gave no access_token' : 'refused'}: ` +
        `HTTP ${status}` +
        (code ? ` ${code}` : '') +
        (serverMessage ? `: ${serverMessage}` : '') +
        // Every server of the API has the token path, so a 404 means the request went elsewhere: it must not read
        // like bad credentials.
        (status === 404
          ? ` (baseUrl is probably wrong: it should be the server root, where ${TOKEN_PATH} is, without /v1)`
          : ''),
    );
  }
}

/** A sandbox-only operation (`x-sandbox-only: true`) was called on a production client; nothing was sent. */
export class SandboxOnlyOperationError extends PaymentsConnectError {
  override name = 'SandboxOnlyOperationError';
}
