import { RefusalError } from '@payments-connect/contract/control';

/** Tells the client how to recover, as RFC 6750 asks of a bearer-protected resource. */
const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="payments-connect-emulator"' };

/** @typedef {{ clientId: string, clientSecret: string }} Credentials */

/** @typedef {{ token?: string, tenantId?: string }} TokenScope this token, or a tenant's; none given: every token */
/**
 * @typedef {{ token: string, tenantId: string, expiresAt: string }} IssuedToken a token as a snapshot holds it: the
 *   tenant whose credentials it was issued for, and when it expires on that tenant's clock (ISO 8601)
 */

/**
 * Issues and checks bearer tokens. A token belongs to the tenant whose credentials it was issued for (`tenantOf`), and
 * expires by that tenant's clock (`nowOf`; the emulator's, once the tenant is deleted). Any live token reaches any
 * account: the `AccountId` header picks the account, as the document says.
 * @param {{ tokenTtlSeconds: number, random: import('./random-source.js').RandomSource, defaultTenantId: string,
 *   tenantOf: (credentials: Credentials) => string | undefined, nowOf: (tenantId: string) => number }} options
 */
export function createTokenIssuer({ tokenTtlSeconds, random, tenantOf, nowOf, defaultTenantId }) {
  /** @type {Map<string, { expiresAt: number, tenantId: string }>} token -> expiry in epoch milliseconds */
  const tokens = new Map();
  const newToken = () => `pce_${random.hex(24)}`;
  // One already-expired token per emulator, for suites that must see a 401 for an expired token.
  const expiredToken = newToken();
  const keepExpired = () => tokens.set(expiredToken, { expiresAt: 0, tenantId: defaultTenantId });
  keepExpired();

  return {
    expiredToken,
    /** @param {Credentials} credentials Exchanges client credentials for a token (POST /auth/token). */
    issue(credentials) {
      const tenantId = tenantOf(credentials);
      if (tenantId === undefined) throw new RefusalError(401, 'clientId or clientSecret is not recognised');
      const token = newToken();
      tokens.set(token, { expiresAt: nowOf(tenantId) + tokenTtlSeconds * 1000, tenantId });
      return { access_token: token, expires_in: tokenTtlSeconds, token_type: 'Bearer' };
    },
    /** @param {string} token Throws 401 unless it is known and unexpired (the contract checked its form). */
    verify(token) {
      const issued = tokens.get(token);
      if (issued === undefined) throw new RefusalError(401, 'Bearer token is not recognised', { headers: CHALLENGE });
      if (nowOf(issued.tenantId) >= issued.expiresAt) {
        throw new RefusalError(401, 'Bearer token has expired; request a new one at POST /auth/token', {
          headers: CHALLENGE,
        });
      }
    },
    /** @param {TokenScope} [scope] Expires one token, a tenant's tokens, or every token. Returns how many were live. */
    expire({ token, tenantId } = {}) {
      let expired = 0;
      const candidates = token === undefined ? [...tokens.keys()] : tokens.has(token) ? [token] : [];
      for (const candidate of candidates) {
        const issued = /** @type {{ expiresAt: number, tenantId: string }} */ (tokens.get(candidate));
        if (tenantId !== undefined && issued.tenantId !== tenantId) continue;
        if (issued.expiresAt > nowOf(issued.tenantId)) expired += 1;
        tokens.set(candidate, { ...issued, expiresAt: 0 });
      }
      return expired;
    },
    /**
     * Every token issued, live or expired, or a tenant's, for a snapshot; the fixture `expiredToken` is left out: it
     * is each emulator's own, like its configured credentials.
     * @param {string} [tenantId]
     * @returns {IssuedToken[]}
     */
    snapshot: (tenantId) =>
      [...tokens]
        .filter(([token, issued]) => token !== expiredToken && (tenantId === undefined || issued.tenantId === tenantId))
        .map(([token, { expiresAt, tenantId: owner }]) => ({
          token,
          tenantId: owner,
          expiresAt: new Date(expiresAt).toISOString(),
        })),
    /**
     * Puts back the tokens of a snapshot (checked), each live until its expiry on its tenant's clock: all of them, or
     * one tenant's in place of its own.
     * @param {IssuedToken[]} issued
     * @param {string} [tenantId]
     */
    restore(issued, tenantId) {
      for (const [token, { tenantId: owner }] of tokens)
        if (tenantId === undefined || owner === tenantId) tokens.delete(token);
      keepExpired();
      for (const { token, tenantId: owner, expiresAt } of issued)
        tokens.set(token, { expiresAt: Date.parse(expiresAt), tenantId: owner });
    },
  };
}

/** @typedef {ReturnType<typeof createTokenIssuer>} TokenIssuer */
