import { randomBytes } from 'node:crypto';
import { ApiError } from './api-error.js';

const BEARER_PREFIX = /^Bearer\s+(\S+)\s*$/i;

/** Tells the client how to recover, as RFC 6750 asks of a bearer-protected resource. */
const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="payments-connect-emulator"' };

/**
 * Issues and checks bearer tokens for the configured client credentials.
 * @param {{ credentials: { clientId: string, clientSecret: string }, tokenTtlSeconds: number, now: () => number }} options
 */
export function createTokenIssuer({ credentials, tokenTtlSeconds, now }) {
  /** @type {Map<string, number>} token -> expiry in epoch milliseconds */
  const tokens = new Map();
  const newToken = () => `pce_${randomBytes(24).toString('hex')}`;
  // One already-expired token per emulator, for suites that must see a 401 for an expired token.
  const expiredToken = newToken();
  tokens.set(expiredToken, 0);

  return {
    expiredToken,
    /**
     * Exchanges client credentials for a token (POST /auth/token).
     * @param {{ clientId: string, clientSecret: string }} body
     */
    issue({ clientId, clientSecret }) {
      if (clientId !== credentials.clientId || clientSecret !== credentials.clientSecret) {
        throw new ApiError(401, 'clientId or clientSecret is not recognised');
      }
      const token = newToken();
      tokens.set(token, now() + tokenTtlSeconds * 1000);
      return { access_token: token, expires_in: tokenTtlSeconds, token_type: 'Bearer' };
    },
    /**
     * Throws 401 unless the Authorization header carries a known, unexpired bearer token.
     * @param {string | undefined} authorization
     */
    verify(authorization) {
      if (!authorization)
        throw new ApiError(401, 'Authorization header with a Bearer token is required', { headers: CHALLENGE });
      const token = BEARER_PREFIX.exec(authorization)?.[1];
      if (!token)
        throw new ApiError(401, "Authorization header must be 'Bearer <access_token>'", { headers: CHALLENGE });
      const expiresAt = tokens.get(token);
      if (expiresAt === undefined) throw new ApiError(401, 'Bearer token is not recognised', { headers: CHALLENGE });
      if (now() >= expiresAt) {
        throw new ApiError(401, 'Bearer token has expired; request a new one at POST /auth/token', {
          headers: CHALLENGE,
        });
      }
    },
    /**
     * Expires one token, or every token when none is named. Returns how many were live.
     * @param {string} [token]
     */
    expire(token) {
      const targets = token === undefined ? [...tokens.keys()] : tokens.has(token) ? [token] : [];
      const at = now();
      let expired = 0;
      for (const t of targets) {
        if (/** @type {number} */ (tokens.get(t)) > at) expired += 1;
        tokens.set(t, 0);
      }
      return expired;
    },
  };
}

/** @typedef {ReturnType<typeof createTokenIssuer>} TokenIssuer */
