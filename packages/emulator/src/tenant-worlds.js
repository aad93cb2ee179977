import { isHttpUrl } from '@payments-connect/contract/command-line';
import { RefusalError } from '@payments-connect/contract/control';
import { emulatorRouteLabel } from './control-routes.js';
import { DEFAULT_TENANT_ID } from './defaults.js';
import { clockMoveMs } from './emulator-clock.js';
import { conflict, notFound, validationFailed } from './refusals.js';
import { buildSandboxEnv } from './sandbox-env.js';
import { freshSeedIds, seedData } from './seed.js';
import { createStore } from './store.js';
import { createTenantWorld } from './tenant-world.js';
import { newToken } from './token-issuer.js';

/**
 * @typedef {import('./seed.js').AccountIds} AccountIds
 * @typedef {import('./seed.js').SeedIds} SeedIds
 * @typedef {import('./token-issuer.js').Credentials} Credentials
 * @typedef {import('./store.js').CollectionName} CollectionName
 * @typedef {import('./tenant-world.js').TenantWorld} TenantWorld
 * @typedef {import('./tenant-world.js').TenantAccounts} TenantAccounts
 */
/** @typedef {SeedIds & { expiredToken: string }} Fixtures the ids of the seeded records */

/**
 * @typedef {object} Tenant a set of accounts with their own seeded records, for one test file (or one test)
 * @property {string} tenantId `default` for the start-up seed
 * @property {TenantAccounts} accounts
 * @property {Fixtures} fixtures the seed's records under the tenant's own ids, in the shape of the start-up fixtures
 * @property {Credentials} credentials the tenant's own; its tokens reach every account
 * @property {Record<string, string>} env the conformance suite's sandbox environment for the tenant
 */

/**
 * @typedef {object} TenantState a tenant as a snapshot holds it
 * @property {string} tenantId
 * @property {AccountIds} accountIds
 * @property {SeedIds} fixtures the ids of its seeded records (the expired token aside)
 * @property {Credentials} [credentials] none for `default`, whose are the emulator's configured ones
 * @property {{ advancedSeconds: number }} [clock] how far its clock had been moved; none (1.0): the emulator's
 * @property {string} [webhookUrl] where its events went, when it had a URL of its own
 */

/** How many tenants gone (deleted, dropped by a reset or a restore) a 404 still says the fate of: a memory bound. */
const GONE_REMEMBERED = 10_000;

/**
 * The tenants of one emulator, each a world of its own (`tenant-world.js`): the start-up seed (`default`) and those
 * created for test files that run at the same time. A world holds everything of its tenant (records, tokens, events,
 * faults, clock, webhook URL, its slice of the journal): a tenant is reset, or deleted, by one call on its world, and
 * a tenant deleted leaves nothing behind. The registry finds a world by tenant, account, credentials or token.
 * @param {Omit<import('./tenant-world.js').WorldParts, 'isTaken'> & { seed: import('./seed.js').Seed,
 *   url: () => string, maxTenants: number,
 *   journal: Pick<import('@payments-connect/contract/server').RequestJournal, 'clear'> }} deps `seed`: what every
 *   tenant's seed is made from, and the default tenant's credentials; `url`: the emulator's; `maxTenants`: how many
 *   may exist besides `default`; `journal`: the server's, which forgets a deleted tenant's requests
 */
export function createTenantWorlds({ seed, url, maxTenants, journal, ...parts }) {
  /** @type {Map<string, TenantWorld>[]} the worlds by tenant, and by their accounts, client ids and tokens */
  const [worlds, byAccount, byClient, byToken] = [new Map(), new Map(), new Map(), new Map()];
  /** @type {Map<string, string>} why a tenant is gone, by its id: the last {@link GONE_REMEMBERED} */
  const gone = new Map();
  /** One already-expired token per emulator, the default tenant's, for suites that must see a 401 for one. */
  const expiredToken = newToken(parts.random);

  /** @param {CollectionName} name @param {string} id */
  const recordOf = (name, id) => {
    for (const world of worlds.values()) {
      const entry = world.store.findAnyAccount(name, id);
      if (entry) return { world, accountId: entry.accountId };
    }
    return undefined;
  };
  const worldParts = {
    ...parts,
    isTaken: (/** @type {CollectionName} */ name, /** @type {string} */ id) => recordOf(name, id) !== undefined,
  };

  /** @param {TenantWorld} world @param {string} token @param {number} expiresAt on the world's clock */
  const keepToken = (world, token, expiresAt) => {
    world.tokens.set(token, expiresAt);
    byToken.set(token, world);
  };

  /**
   * Makes a world and puts it in place of the tenant's, if it had one (409 for a tenant past `maxTenants`).
   * @param {TenantState} state @param {import('./store.js').StoreData} data its records @param {number} [ownMs]
   * @returns {TenantWorld}
   */
  function install({ tenantId, accountIds, fixtures, credentials = seed.credentials, webhookUrl }, data, ownMs = 0) {
    if (!worlds.has(tenantId) && worlds.size > maxTenants) {
      const remove = emulatorRouteLabel('deleteTenant');
      throw conflict(`${maxTenants} tenants exist already: delete those you are done with (${remove})`);
    }
    const seeded = new Map(
      seedData(seed, accountIds, fixtures).accounts.map(({ account }) => [account.accountId, account]),
    );
    const roles = Object.entries(accountIds).map(([role, id]) => [role, Object.freeze({ ...seeded.get(id) })]);
    const accounts = /** @type {TenantAccounts} */ (Object.fromEntries(roles));
    const state = { tenantId, accountIds, ids: fixtures, credentials, accounts, ownMs, ownWebhookUrl: webhookUrl };
    const world = createTenantWorld(state, data, worldParts);
    // In the place of the world it replaces, if it does: the tenants keep their order.
    unregister(tenantId, 'replaced', true);
    gone.delete(tenantId);
    worlds.set(tenantId, world);
    for (const accountId of Object.values(accountIds)) byAccount.set(accountId, world);
    byClient.set(credentials.clientId, world);
    if (tenantId === DEFAULT_TENANT_ID) keepToken(world, expiredToken, 0);
    return world;
  }

  /**
   * Takes a world out of every index, its tokens with it; and, unless it is replaced, out of the tenants.
   * @param {string} tenantId @param {string} why what a 404 says of it from now on @param {boolean} [keepPlace]
   */
  function unregister(tenantId, why, keepPlace = false) {
    const world = worlds.get(tenantId);
    if (!world) return;
    for (const accountId of Object.values(world.accountIds)) byAccount.delete(accountId);
    byClient.delete(world.credentials.clientId);
    for (const token of world.tokens.keys()) if (byToken.get(token) === world) byToken.delete(token);
    if (keepPlace) return;
    worlds.delete(tenantId);
    world.events.close(new RefusalError(404, `tenant ${tenantId} ${why}`));
    gone.set(tenantId, why);
    if (gone.size > GONE_REMEMBERED) gone.delete(/** @type {string} */ (gone.keys().next().value));
  }

  /** @param {string} tenantId @returns {TenantWorld} @throws {RefusalError} 404 saying what became of it */
  function find(tenantId) {
    const world = worlds.get(tenantId);
    if (world) return world;
    const why = gone.get(tenantId) ?? 'is no tenant of this emulator';
    throw new RefusalError(404, `tenant ${tenantId} not found: it ${why}`);
  }

  /**
   * Its seed again (same ids), its events and faults gone; its credentials, tokens, clock and webhook URL stay.
   * @param {TenantWorld} world
   */
  function reseed(world) {
    world.store = createStore(seedData(seed, world.accountIds, world.ids));
    world.events.clear();
    world.faults = [];
  }

  /** @param {TenantWorld} world @returns {TenantState} the tenant as a snapshot holds it */
  const stateOf = ({ tenantId, accountIds, ids, credentials, ownMs, ownWebhookUrl }) => ({
    ...{ tenantId, accountIds: { ...accountIds }, fixtures: { ...ids } },
    ...(tenantId === DEFAULT_TENANT_ID ? {} : { credentials: { ...credentials } }),
    clock: { advancedSeconds: (parts.clock.advancedMs + ownMs) / 1000 },
    ...(ownWebhookUrl === undefined ? {} : { webhookUrl: ownWebhookUrl }),
  });

  /** @param {string} tenantId @returns {Tenant} the tenant as `createTenant` answers it */
  function describe(tenantId) {
    const { ids, accounts, credentials, accountIds } = find(tenantId);
    const fixtures = { ...ids, expiredToken };
    const env = buildSandboxEnv({ url: url(), credentials, accountId: accountIds.primary, fixtures });
    return { tenantId, accounts, fixtures, credentials: { ...credentials }, env };
  }

  /** @param {string} why Drops every world but the default (a reset, or a whole restore before it installs). */
  function dropCreated(why) {
    for (const tenantId of [...worlds.keys()]) if (tenantId !== DEFAULT_TENANT_ID) unregister(tenantId, why);
  }

  /** @param {unknown} value @throws {RefusalError} 400 for a value that is no http(s) URL */
  const checkWebhookUrl = (value) => {
    if (value !== undefined && !isHttpUrl(value))
      throw validationFailed(`webhookUrl must be an http(s) URL, got ${JSON.stringify(value)}`);
  };

  install(
    { tenantId: DEFAULT_TENANT_ID, accountIds: seed.accountIds, fixtures: seed.ids },
    seedData(seed, seed.accountIds, seed.ids),
  );

  return {
    find,
    install,
    describe,
    stateOf,
    keepToken,
    expiredToken,
    /** Every world, `default` first, then those created, in order. */
    all: () => [...worlds.values()],
    /**
     * The worlds that hold any of the accounts (every world, given none): where their events and faults are.
     * @param {Iterable<string>} [accountIds]
     */
    holdingAny: (accountIds) =>
      accountIds === undefined
        ? [...worlds.values()]
        : [...new Set([...accountIds].map((id) => byAccount.get(id)).filter((world) => world !== undefined))],
    /** @param {string} accountId the world of the tenant that has the account, if any */
    ofAccount: (accountId) => byAccount.get(accountId),
    /** @param {string} token the world of the tenant the token was issued for, if it is there */
    ofToken: (token) => byToken.get(token),
    /** @param {Credentials} credentials the world of the tenant whose credentials these are, if any */
    ofCredentials({ clientId, clientSecret }) {
      const world = byClient.get(clientId);
      return world && world.credentials.clientSecret === clientSecret ? world : undefined;
    },
    /**
     * The world of the tenant, but one, that has an account, credentials (by client id) or a record of that id.
     * @param {'account' | 'client' | CollectionName} kind @param {string} id @param {string} [except]
     */
    holderOf(kind, id, except) {
      const world =
        kind === 'account' ? byAccount.get(id) : kind === 'client' ? byClient.get(id) : recordOf(kind, id)?.world;
      return world?.tenantId === except ? undefined : world;
    },
    /**
     * The world and account of a record, whichever tenant holds it (404 for none): the control API names records by id.
     * @param {CollectionName} name @param {string} id @param {string} label how a message names such a record
     */
    holding(name, id, label) {
      const found = recordOf(name, id);
      if (!found) throw notFound(`${label} ${id}`);
      return found;
    },

    /**
     * A tenant of fresh ids, its seed loaded, with credentials of its own and, if given, a webhook URL of its own. Its
     * clock starts at the emulator's: the moves made for every tenant count for it too.
     * @param {{ webhookUrl?: string }} [options]
     * @returns {Tenant}
     * @throws {RefusalError} 400 for another field or a URL that is no http(s) URL, 409 past `maxTenants`
     */
    create(options = {}) {
      const { webhookUrl, ...rest } = options;
      const [field] = Object.keys(rest);
      if (field !== undefined)
        throw validationFailed(`${emulatorRouteLabel('createTenant')} takes webhookUrl, got ${field}`);
      checkWebhookUrl(webhookUrl);
      const tenantId = parts.random.uuid();
      const { accountIds, ids } = freshSeedIds(parts.random);
      const credentials = { clientId: `tenant-${tenantId}`, clientSecret: `secret-${parts.random.hex(16)}` };
      install({ tenantId, accountIds, fixtures: ids, credentials, webhookUrl }, seedData(seed, accountIds, ids));
      return describe(tenantId);
    },
    /** @param {string} tenantId Restores a tenant's seed, and drops its events and the faults scoped to it. */
    reset: (tenantId) => reseed(find(tenantId)),
    /**
     * Deletes a tenant's world, and everything of it: its accounts and records, its credentials and tokens, its events
     * and faults, and its requests in the journal. Its accounts answer 404 and its tokens 401: they are gone.
     * @param {string} tenantId
     * @throws {RefusalError} 409 for the default tenant, which stays
     */
    remove(tenantId) {
      const world = find(tenantId);
      const reset = emulatorRouteLabel('resetTenant', { tenantId: DEFAULT_TENANT_ID });
      if (tenantId === DEFAULT_TENANT_ID) throw conflict(`the ${DEFAULT_TENANT_ID} tenant stays; ${reset} restores it`);
      unregister(tenantId, `was deleted (${emulatorRouteLabel('deleteTenant', { tenantId })})`);
      journal.clear(world.ownsRequest);
    },
    /**
     * Back to the start: the start-up seed alone, its events and faults gone; its tokens, clock and webhook URL stay.
     * @param {string} why what a 404 says of a tenant dropped
     */
    resetAll(why = `was dropped by ${emulatorRouteLabel('reset')}, which keeps only the ${DEFAULT_TENANT_ID} tenant`) {
      dropCreated(why);
      reseed(find(DEFAULT_TENANT_ID));
    },
    dropCreated,
    /**
     * Sends a tenant's events to a URL of its own from now on, or (null) to the emulator's again.
     * @param {string} tenantId @param {unknown} webhookUrl
     */
    setWebhookUrl(tenantId, webhookUrl) {
      const world = find(tenantId);
      if (webhookUrl !== null) checkWebhookUrl(webhookUrl);
      world.ownWebhookUrl = /** @type {string | null} */ (webhookUrl) ?? undefined;
      return { tenantId, webhookUrl: world.webhookUrl() ?? null };
    },
    /** @param {string} tenantId What a tenant's clock says. */
    clock: (tenantId) => parts.clock.reading(find(tenantId).ownMs),
    /**
     * Moves one tenant's clock forward, and no other: its tokens expire by it, its sessions and events carry it.
     * @param {string} tenantId @param {unknown} seconds
     */
    advanceClock(tenantId, seconds) {
      const world = find(tenantId);
      world.ownMs += clockMoveMs(seconds);
      return parts.clock.reading(world.ownMs);
    },
  };
}

/** @typedef {ReturnType<typeof createTenantWorlds>} TenantWorlds */
