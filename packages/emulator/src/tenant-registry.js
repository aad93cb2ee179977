import { RefusalError } from '@payments-connect/contract/server';
import { emulatorRouteLabel } from './control-routes.js';
import { DEFAULT_TENANT_ID } from './defaults.js';
import { buildSandboxEnv } from './sandbox-env.js';
import { ACCOUNT_IDS, createSeedData, freshSeedIds, SEED_IDS } from './seed.js';

/**
 * @typedef {object} EmulatorAccount an account of the seed, as it was seeded
 * @property {string} accountId
 * @property {string} name
 * @property {string} type `BUSINESS` or `INDIVIDUAL`
 * @property {string} status
 */

/** @typedef {Record<keyof typeof ACCOUNT_IDS, EmulatorAccount>} TenantAccounts the three accounts, by role */

/** @typedef {import('./seed.js').SeedIds & { expiredToken: string }} Fixtures the ids of the seeded records */

/**
 * @typedef {object} Tenant a set of accounts with their own seeded records, for one test file (or one test)
 * @property {string} tenantId `default` for the start-up seed
 * @property {TenantAccounts} accounts
 * @property {Fixtures} fixtures the seed's records under the tenant's own ids, in the shape of the start-up fixtures
 * @property {import('./token-issuer.js').Credentials} credentials the tenant's own; its tokens reach every account
 * @property {Record<string, string>} env the conformance suite's sandbox environment for the tenant
 */

/**
 * @typedef {object} TenantEntry what the registry keeps of a tenant
 * @property {import('./seed.js').AccountIds} accountIds
 * @property {import('./seed.js').SeedIds} ids
 * @property {TenantAccounts} accounts
 * @property {import('./token-issuer.js').Credentials} credentials
 */

/**
 * @typedef {object} TenantState a tenant as a snapshot of the emulator's state holds it: its ids, and the credentials
 *   of a tenant created at run time (the `default` tenant's are the emulator's configured `credentials`, not state)
 * @property {string} tenantId
 * @property {import('./seed.js').AccountIds} accountIds
 * @property {import('./seed.js').SeedIds} fixtures the ids of its seeded records (the expired token aside)
 * @property {import('./token-issuer.js').Credentials} [credentials] none for `default`
 */

/**
 * The tenants of one emulator: the start-up seed (`default`) and those created for parallel test files. Each is the
 * seed again under fresh ids (accounts, cases, items, payment requests, users, …), loaded into the one store, so that
 * the store's account rule (another account's record is not found) is what keeps tenants apart; each has its own
 * credentials, so that its tokens can be expired alone.
 * @param {{ store: import('./store.js').Store, tokens: import('./token-issuer.js').TokenIssuer,
 *   credentials: import('./token-issuer.js').Credentials, url: () => string,
 *   random: import('./random-source.js').RandomSource, max: number }} deps `url` is the emulator's, for the tenants'
 *   sandbox environment; `max`, how many tenants may exist besides the default
 */
export function createTenantRegistry({ store, tokens, credentials, url, random, max }) {
  /** @type {Map<string, TenantEntry>} */
  const tenants = new Map([[DEFAULT_TENANT_ID, entryOf(ACCOUNT_IDS, SEED_IDS, credentials)]]);

  /**
   * @param {string} tenantId
   * @returns {TenantEntry}
   * @throws {RefusalError} 404 for a tenant that does not exist (or no longer does)
   */
  function find(tenantId) {
    const entry = tenants.get(tenantId);
    if (!entry) {
      throw new RefusalError(
        404,
        `tenant ${tenantId} not found: it was deleted, or dropped by ${emulatorRouteLabel('reset')}, which keeps ` +
          `only the ${DEFAULT_TENANT_ID} tenant`,
      );
    }
    return entry;
  }

  /**
   * @param {string} tenantId
   * @returns {Tenant}
   */
  function describe(tenantId) {
    const { ids, accounts, credentials: own, accountIds } = find(tenantId);
    const fixtures = { ...ids, expiredToken: tokens.expiredToken };
    return {
      tenantId,
      accounts,
      fixtures,
      credentials: { ...own },
      env: buildSandboxEnv({ url: url(), credentials: own, accountId: accountIds.primary, fixtures }),
    };
  }

  /** Forgets every tenant but the default, and refuses their credentials from now on. */
  function dropCreated() {
    for (const [tenantId, { credentials: own }] of tenants) {
      if (tenantId === DEFAULT_TENANT_ID) continue;
      tokens.removeClient(own.clientId);
      tenants.delete(tenantId);
    }
  }

  return {
    /** How many tenants may exist besides the default. */
    max,
    describe,
    /**
     * A tenant of fresh ids, its seed loaded.
     * @returns {Tenant}
     * @throws {RefusalError} 409 once `max` exist
     */
    create() {
      if (tenants.size - 1 >= max) {
        throw new RefusalError(
          409,
          `${max} tenants exist already: delete those you are done with (${emulatorRouteLabel('deleteTenant')})`,
        );
      }
      const tenantId = random.uuid();
      const { accountIds, ids } = freshSeedIds(random);
      store.load(createSeedData(accountIds, ids));
      tenants.set(tenantId, entryOf(accountIds, ids, tokens.addClient(tenantId)));
      return describe(tenantId);
    },
    /**
     * Restores a tenant's accounts and records to its seed (same ids); what was created in its accounts is gone.
     * @param {string} tenantId
     * @returns {string[]} its account ids
     */
    reset(tenantId) {
      const { accountIds, ids } = find(tenantId);
      store.drop(Object.values(accountIds));
      store.load(createSeedData(accountIds, ids));
      return Object.values(accountIds);
    },
    /**
     * Deletes a tenant: its accounts and records, and its credentials (its tokens stay until they expire).
     * @param {string} tenantId
     * @returns {string[]} its account ids
     * @throws {RefusalError} 409 for the default tenant, which stays
     */
    remove(tenantId) {
      const { accountIds, credentials: own } = find(tenantId);
      if (tenantId === DEFAULT_TENANT_ID) {
        throw new RefusalError(
          409,
          `the ${DEFAULT_TENANT_ID} tenant stays; ` +
            `${emulatorRouteLabel('resetTenant', { tenantId: DEFAULT_TENANT_ID })} restores it`,
        );
      }
      store.drop(Object.values(accountIds));
      tokens.removeClient(own.clientId);
      tenants.delete(tenantId);
      return Object.values(accountIds);
    },
    /** Back to the start: the store holds the start-up seed again, and every tenant but the default is gone. */
    resetAll() {
      dropCreated();
      store.reset();
    },
    /**
     * Every tenant, `default` first, for a snapshot of the state.
     * @returns {TenantState[]}
     */
    snapshot: () =>
      [...tenants].map(([tenantId, { accountIds, ids, credentials: own }]) => ({
        tenantId,
        accountIds: { ...accountIds },
        fixtures: { ...ids },
        ...(tenantId === DEFAULT_TENANT_ID ? {} : { credentials: { ...own } }),
      })),
    /**
     * Replaces the tenants created at run time with those of a snapshot (checked: its `default` tenant has this
     * emulator's seed ids), their credentials accepted from now on; the store is restored apart.
     * @param {TenantState[]} restored
     */
    restore(restored) {
      dropCreated();
      for (const { tenantId, accountIds, fixtures, credentials: own } of restored) {
        if (tenantId === DEFAULT_TENANT_ID || own === undefined) continue;
        tenants.set(tenantId, entryOf(accountIds, fixtures, tokens.addClient(tenantId, { ...own })));
      }
    },
  };
}

/** @typedef {ReturnType<typeof createTenantRegistry>} TenantRegistry */

/**
 * @param {import('./seed.js').AccountIds} accountIds
 * @param {import('./seed.js').SeedIds} ids
 * @param {import('./token-issuer.js').Credentials} credentials
 * @returns {TenantEntry}
 */
function entryOf(accountIds, ids, credentials) {
  const seeded = new Map(createSeedData(accountIds, ids).accounts.map(({ account }) => [account.accountId, account]));
  const accounts = /** @type {TenantAccounts} */ (
    Object.fromEntries(
      Object.entries(accountIds).map(([role, accountId]) => [role, Object.freeze({ ...seeded.get(accountId) })]),
    )
  );
  return { accountIds, ids, accounts: Object.freeze(accounts), credentials };
}
