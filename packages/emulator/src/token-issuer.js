import { randomBytes } from 'node:crypto';
import { RefusalError } from '@payments-connect/contract/server';

/** Tells the client how to recover, as RFC 6750 asks of a bearer-protected resource. */
const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="payments-connect-emulator"' };

/** @typedef {{ clientId: string, clientSecret: string }} Credentials */

/**
 * @typedef {object} TokenScope which tokens to expire; none given: every token
 * @property {string} [token] this one
 * @property {string} [tenantId] those issued for this tenant's credentials
 */

/**
 * Issues and checks bearer tokens. The configured credentials belong to the start-up tenant, `defaultTenantId`; each
 * tenant adds credentials of its own (`addClient`), so that its tokens can be expired without touching another
 * tenant's. Any live token reaches any account: the `AccountId` header picks the account, as the document says.
 * @param {{ credentials: Credentials, tokenTtlSeconds: number, now: () => number, defaultTenantId: string }} options
 */
export function createTokenIssuer({ credentials, tokenTtlSeconds, now, defaultTenantId }) {
  /** @type {Map<string, { clientSecret: string, tenantId: string }>} the accepted credentials, by clientId */
  const clients = new Map([
    [credentials.clientId, { clientSecret: credentials.clientSecret, tenantId: defaultTenantId }],
  ]);
  /** @type {Map<string, { expiresAt: number, tenantId: string }>} token -> expiry in epoch milliseconds */
  const tokens = new Map();
  const newToken = () => `pce_${randomBytes(24).toString('hex')}`;
  // One already-expired token per emulator, for suites that must see a 401 for an expired token.
  const expiredToken = newToken();
  tokens.set(expiredToken, { expiresAt: 0, tenantId: defaultTenantId });

  return {
    expiredToken,
    /**
     * Exchanges client credentials for a token (POST /auth/token).
     * @param {{ clientId: string, clientSecret: string }} body
     */
    issue({ clientId, clientSecret }) {
      const client = clients.get(clientId);
      if (!client || clientSecret !== client.clientSecret) {
        throw new RefusalError(401, 'clientId or clientSecret is not recognised');
      }
      const token = newToken();
      tokens.set(token, { expiresAt: now() + tokenTtlSeconds * 1000, tenantId: client.tenantId });
      return { access_token: token, expires_in: tokenTtlSeconds, token_type: 'Bearer' };
    },
    /**
     * Throws 401 unless the token is known and unexpired. Its form (`Bearer <token>`) was checked by the contract.
     * @param {string} token
     */
    verify(token) {
      const issued = tokens.get(token);
      if (issued === undefined) throw new RefusalError(401, 'Bearer token is not recognised', { headers: CHALLENGE });
      if (now() >= issued.expiresAt) {
        throw new RefusalError(401, 'Bearer token has expired; request a new one at POST /auth/token', {
          headers: CHALLENGE,
        });
      }
    },
    /**
     * Expires one token, a tenant's tokens, or every token. Returns how many were live.
     * @param {TokenScope} [scope]
     */
    expire({ token, tenantId } = {}) {
      const at = now();
      let expired = 0;
      const candidates = token === undefined ? [...tokens.keys()] : tokens.has(token) ? [token] : [];
      for (const candidate of candidates) {
        const issued = /** @type {{ expiresAt: number, tenantId: string }} */ (tokens.get(candidate));
        if (tenantId !== undefined && issued.tenantId !== tenantId) continue;
        if (issued.expiresAt > at) expired += 1;
        tokens.set(candidate, { ...issued, expiresAt: 0 });
      }
      return expired;
    },
    /**
     * New credentials for a tenant, accepted from now on.
     * @param {string} tenantId
     * @returns {Credentials}
     */
    addClient(tenantId) {
      const added = { clientId: `tenant-${tenantId}`, clientSecret: `secret-${randomBytes(16).toString('hex')}` };
      clients.set(added.clientId, { clientSecret: added.clientSecret, tenantId });
      return added;
    },
    /**
     * Refuses a tenant's credentials from now on; the tokens already issued for them stay as they are.
     * @param {string} clientId
     */
    removeClient(clientId) {
      clients.delete(clientId);
    },
  };
}

/** @typedef {ReturnType<typeof createTokenIssuer>} TokenIssuer */
