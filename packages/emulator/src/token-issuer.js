import { randomBytes } from 'node:crypto';
import { RefusalError } from '@payments-connect/contract/server';

/** Tells the client how to recover, as RFC 6750 asks of a bearer-protected resource. */
const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="payments-connect-emulator"' };

/** @typedef {{ clientId: string, clientSecret: string }} Credentials */

/**
 * Issues and checks bearer tokens for the configured client credentials.
 * @param {{ credentials: Credentials, tokenTtlSeconds: number, now: () => number }} options
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
        throw new RefusalError(401, 'clientId or clientSecret is not recognised');
      }
      const token = newToken();
      tokens.set(token, now() + tokenTtlSeconds * 1000);
      return { access_token: token, expires_in: tokenTtlSeconds, token_type: 'Bearer' };
    },
    /**
     * Throws 401 unless the token is known and unexpired. Its form (`Bearer <token>`) was checked by the contract.
     * @param {string} token
     */
    verify(token) {
      const expiresAt = tokens.get(token);
      if (expiresAt === undefined)
        throw new RefusalError(401, 'Bearer token is not recognised', { headers: CHALLENGE });
      if (now() >= expiresAt) {
        throw new RefusalError(401, 'Bearer token has expired; request a new one at POST /auth/token', {
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
