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
 * @typedef {object} IssuedToken a token as a snapshot of the emulator's state holds it
 * @property {string} token
 * @property {string} tenantId the tenant whose credentials it was issued for (which may since have been deleted)
 * @property {string} expiresAt when it expires, on the emulator's clock (ISO 8601)
 */

/** The form of the tokens the emulator issues: opaque, `pce_` and 48 hex digits. */
export const TOKEN_PATTERN = /^pce_[0-9a-f]{48}$/;

/**
 * Issues and checks bearer tokens. The configured credentials belong to the start-up tenant, `defaultTenantId`; each
 * tenant adds credentials of its own (`addClient`), so that its tokens can be expired without touching another
 * tenant's. Any live token reaches any account: the `AccountId` header picks the account, as the document says.
 * @param {{ credentials: Credentials, tokenTtlSeconds: number, now: () => number, defaultTenantId: string,
 *   random: import('./random-source.js').RandomSource }} options
 */
export function createTokenIssuer({ credentials, tokenTtlSeconds, now, defaultTenantId, random }) {
  /** @type {Map<string, { clientSecret: string, tenantId: string }>} the accepted credentials, by clientId */
  const clients = new Map([
    [credentials.clientId, { clientSecret: credentials.clientSecret, tenantId: defaultTenantId }],
  ]);
  /** @type {Map<string, { expiresAt: number, tenantId: string }>} token -> expiry in epoch milliseconds */
  const tokens = new Map();
  const newToken = () => `pce_${random.hex(24)}`;
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
     * New credentials for a tenant (or those a snapshot gives it), accepted from now on.
     * @param {string} tenantId
     * @param {Credentials} [added]
     * @returns {Credentials}
     */
    addClient(tenantId, added = { clientId: `tenant-${tenantId}`, clientSecret: `secret-${random.hex(16)}` }) {
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
    /**
     * Every token issued, live or expired, for a snapshot of the state; the fixture `expiredToken` is left out: it
     * is each emulator's own, like its configured credentials.
     * @returns {IssuedToken[]}
     */
    snapshot: () =>
      [...tokens]
        .filter(([token]) => token !== expiredToken)
        .map(([token, { expiresAt, tenantId }]) => ({ token, tenantId, expiresAt: new Date(expiresAt).toISOString() })),
    /**
     * Replaces the issued tokens with those of a snapshot (checked), each live until its expiry on the clock.
     * @param {IssuedToken[]} issued
     */
    restore(issued) {
      tokens.clear();
      tokens.set(expiredToken, { expiresAt: 0, tenantId: defaultTenantId });
      for (const { token, tenantId, expiresAt } of issued)
        tokens.set(token, { expiresAt: Date.parse(expiresAt), tenantId });
    },
  };
}

/** @typedef {ReturnType<typeof createTokenIssuer>} TokenIssuer */
