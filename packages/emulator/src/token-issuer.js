import { RefusalError } from '@payments-connect/contract/control';

/** Tells the client how to recover, as RFC 6750 asks of a bearer-protected resource. */
const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="payments-connect-emulator"' };

/** @typedef {{ clientId: string, clientSecret: string }} Credentials */

/** @typedef {{ token?: string, tenantId?: string }} TokenScope this token, or a tenant's; none given: every token */
/**
 * @typedef {{ token: string, tenantId: string, expiresAt: string }} IssuedToken a token as a snapshot holds it: the
 *   tenant whose credentials it was issued for, and when it expires on that tenant's clock (ISO 8601)
 */

/** @param {import('./random-source.js').RandomSource} random A token of the emulator's form: opaque, `pce_…`. */
export const newToken = (random) => `pce_${random.hex(24)}`;

/**
 * Issues and checks bearer tokens. A token is kept in the world of the tenant whose credentials it was issued for,
 * and expires by that tenant's clock; deleting the tenant ends it. Any live token reaches any account: the
 * `AccountId` header picks the account, as the document says.
 * @param {{ tokenTtlSeconds: number, random: import('./random-source.js').RandomSource,
 *   worlds: import('./tenant-worlds.js').TenantWorlds }} options
 */
export function createTokenIssuer({ tokenTtlSeconds, random, worlds }) {
  /** @param {TokenScope} scope the worlds whose tokens a scope names */
  const worldsOf = ({ token, tenantId }) => {
    if (token !== undefined) {
      const world = worlds.ofToken(token);
      return world && (tenantId === undefined || world.tenantId === tenantId) ? [world] : [];
    }
    return tenantId === undefined ? worlds.all() : [worlds.find(tenantId)];
  };

  return {
    /** @param {Credentials} credentials Exchanges client credentials for a token (POST /auth/token). */
    issue(credentials) {
      const world = worlds.ofCredentials(credentials);
      if (world === undefined) throw new RefusalError(401, 'clientId or clientSecret is not recognised');
      const token = newToken(random);
      worlds.keepToken(world, token, world.now() + tokenTtlSeconds * 1000);
      return { access_token: token, expires_in: tokenTtlSeconds, token_type: 'Bearer' };
    },
    /** @param {string} token Throws 401 unless it is known and unexpired (the contract checked its form). */
    verify(token) {
      const world = worlds.ofToken(token);
      if (world === undefined) throw new RefusalError(401, 'Bearer token is not recognised', { headers: CHALLENGE });
      if (world.now() >= Number(world.tokens.get(token))) {
        throw new RefusalError(401, 'Bearer token has expired; request a new one at POST /auth/token', {
          headers: CHALLENGE,
        });
      }
    },
    /** @param {TokenScope} [scope] Expires one token, a tenant's tokens, or every token. Returns how many were live. */
    expire(scope = {}) {
      let expired = 0;
      for (const world of worldsOf(scope)) {
        for (const [token, expiresAt] of world.tokens) {
          if (scope.token !== undefined && token !== scope.token) continue;
          if (expiresAt > world.now()) expired += 1;
          world.tokens.set(token, 0);
        }
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
      worldsOf({ tenantId }).flatMap((world) =>
        [...world.tokens]
          .filter(([token]) => token !== worlds.expiredToken)
          .map(([token, expiresAt]) => ({
            token,
            tenantId: world.tenantId,
            expiresAt: new Date(expiresAt).toISOString(),
          })),
      ),
    /**
     * Puts back the tokens of a snapshot (checked) into the worlds just restored, each live until its expiry on its
     * tenant's clock; a token of a tenant the snapshot does not hold is gone with its tenant.
     * @param {IssuedToken[]} issued
     */
    restore(issued) {
      const byTenant = new Map(worlds.all().map((world) => [world.tenantId, world]));
      for (const { token, tenantId, expiresAt } of issued) {
        const world = byTenant.get(tenantId);
        if (world) worlds.keepToken(world, token, Date.parse(expiresAt));
      }
    },
  };
}

/** @typedef {ReturnType<typeof createTokenIssuer>} TokenIssuer */
