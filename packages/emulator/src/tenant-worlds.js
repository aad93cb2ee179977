import { isHttpUrl } from '@payments-connect/contract/command-line';
import { RefusalError } from '@payments-connect/contract/control';
import { emulatorRouteLabel } from './control-routes.js';
import { DEFAULT_TENANT_ID } from './defaults.js';
import { clockMoveMs } from './emulator-clock.js';
import { conflict, notFound, validationFailed } from './refusals.js';
import { buildSandboxEnv } from './sandbox-env.js';
import { freshSeedIds, seedData } from './seed.js';
import { createStore } from './store.js';

/**
 * @typedef {import('./seed.js').AccountIds} AccountIds
 * @typedef {import('./seed.js').SeedIds} SeedIds
 * @typedef {import('./token-issuer.js').Credentials} Credentials
 * @typedef {import('./store.js').CollectionName} CollectionName
 */
/** @typedef {{ accountId: string, name: string, type: string, status: string }} EmulatorAccount as it was seeded */
/** @typedef {Record<keyof AccountIds, EmulatorAccount>} TenantAccounts the three accounts, by role */
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

/**
 * @typedef {{ tenantId: string, accountIds: AccountIds, ids: SeedIds, credentials: Credentials,
 *   accounts: TenantAccounts, store: import('./store.js').Store, ownMs: number, ownWebhookUrl: string | undefined,
 *   now: () => number, webhookUrl: () => string | undefined, random: import('./random-source.js').RandomSource,
 *   emit: (type: string, accountId: string, data: Record<string, unknown>) => void,
 *   isTaken: (name: CollectionName, id: string) => boolean }} TenantWorld one tenant's world: its records, its clock
 *   (`ownMs`: its moves beyond the emulator's; a restore may make them negative), where its events go (its own URL,
 *   else the emulator's), and whether any tenant holds a record of an id
 */

/**
 * The tenants of one emulator, each a world of its own as moto keeps a backend per account: the start-up seed
 * (`default`) and those created for test files that run at the same time. Each holds its records, its clock and its
 * webhook URL; its tokens (those of its credentials), events and faults (those of its accounts) are kept by the token
 * issuer, the event log and the fault injector. Deleting a tenant drops its world, its events and its faults.
 * @param {{ seed: import('./seed.js').Seed,
 *   clock: import('./emulator-clock.js').EmulatorClock, tokens: { expiredToken: string },
 *   events: import('./event-log.js').EventLog, faults: import('./fault-injector.js').FaultInjector,
 *   random: import('./random-source.js').RandomSource, webhookUrl: string | undefined, url: () => string,
 *   maxTenants: number }} deps `seed`: the start-up seed's ids (the contract's examples) and the default tenant's
 *   credentials; `webhookUrl` and `url`: the emulator's; `maxTenants`: how many may exist besides `default`
 */
export function createTenantWorlds({ seed, clock, tokens, events, faults, random, webhookUrl, url, maxTenants }) {
  /** @type {Map<string, TenantWorld>[]} the worlds by tenant, and by their accounts and client ids */
  const [worlds, byAccount, byClient] = [new Map(), new Map(), new Map()];

  /** @param {CollectionName} name @param {string} id */
  const recordOf = (name, id) => {
    for (const world of worlds.values()) {
      const entry = world.store.findAnyAccount(name, id);
      if (entry) return { world, accountId: entry.accountId };
    }
    return undefined;
  };

  /**
   * Makes a world and puts it in place of the tenant's, if it had one (409 for a tenant past `maxTenants`).
   * @param {TenantState} state @param {import('./store.js').StoreData} data its records @param {number} [ownMs]
   */
  function install(
    { tenantId, accountIds, fixtures, credentials = seed.credentials, webhookUrl: own },
    data,
    ownMs = 0,
  ) {
    if (!worlds.has(tenantId) && worlds.size > maxTenants) {
      const remove = emulatorRouteLabel('deleteTenant');
      throw conflict(`${maxTenants} tenants exist already: delete those you are done with (${remove})`);
    }
    const seeded = new Map(
      seedData(seed, accountIds, fixtures).accounts.map(({ account }) => [account.accountId, account]),
    );
    const roles = Object.entries(accountIds).map(([role, id]) => [role, Object.freeze({ ...seeded.get(id) })]);
    /** @type {TenantWorld} */
    const world = {
      ...{ tenantId, accountIds, ids: fixtures, credentials, store: createStore(data), ownMs, ownWebhookUrl: own },
      accounts: /** @type {TenantAccounts} */ (Object.fromEntries(roles)),
      now: () => clock.now() + world.ownMs,
      webhookUrl: () => world.ownWebhookUrl ?? webhookUrl,
      emit: (type, accountId, payload) =>
        events.emit({ type, accountId, data: payload, now: world.now(), webhookUrl: world.webhookUrl() }),
      random,
      isTaken: (name, id) => recordOf(name, id) !== undefined,
    };
    // In the place of the world it replaces, if it does: the tenants keep their order.
    unregister(tenantId, true);
    worlds.set(tenantId, world);
    for (const accountId of Object.values(accountIds)) byAccount.set(accountId, world);
    byClient.set(credentials.clientId, world);
  }

  /** @param {string} tenantId @param {boolean} [keepPlace] */
  function unregister(tenantId, keepPlace = false) {
    const world = worlds.get(tenantId);
    if (!keepPlace) worlds.delete(tenantId);
    for (const accountId of Object.values(world?.accountIds ?? {})) byAccount.delete(accountId);
    if (world) byClient.delete(world.credentials.clientId);
  }

  /** @param {string} tenantId @returns {TenantWorld} @throws {RefusalError} 404 for a tenant that does not exist */
  function find(tenantId) {
    const world = worlds.get(tenantId);
    if (world) return world;
    const reset = emulatorRouteLabel('reset');
    const why = `it was deleted, or dropped by ${reset}, which keeps only the ${DEFAULT_TENANT_ID} tenant`;
    throw new RefusalError(404, `tenant ${tenantId} not found: ${why}`);
  }

  /**
   * Its seed again (same ids), its events and faults gone; its credentials, tokens, clock and webhook URL stay.
   * @param {TenantWorld} world
   */
  function reseed(world) {
    world.store = createStore(seedData(seed, world.accountIds, world.ids));
    events.clear(Object.values(world.accountIds));
    faults.clear(Object.values(world.accountIds));
  }

  /** @param {string} tenantId @returns {Tenant} the tenant as `createTenant` answers it */
  function describe(tenantId) {
    const { ids, accounts, credentials, accountIds } = find(tenantId);
    const fixtures = { ...ids, expiredToken: tokens.expiredToken };
    const env = buildSandboxEnv({ url: url(), credentials, accountId: accountIds.primary, fixtures });
    return { tenantId, accounts, fixtures, credentials: { ...credentials }, env };
  }

  /** Drops every world but the default (a reset, or a whole restore before it installs the snapshot's). */
  function dropCreated() {
    for (const tenantId of [...worlds.keys()]) if (tenantId !== DEFAULT_TENANT_ID) unregister(tenantId);
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
    dropCreated,
    /** Every world, `default` first, then those created, in order. */
    all: () => [...worlds.values()],
    /** @param {string} accountId the world of the tenant that has the account, if any */
    ofAccount: (accountId) => byAccount.get(accountId),
    /** @param {string} tenantId a tenant's time; the emulator's, for a tenant there is not (any more) */
    nowOf: (tenantId) => worlds.get(tenantId)?.now() ?? clock.now(),
    /** @param {Credentials} credentials the tenant whose credentials these are, if any */
    tenantOf({ clientId, clientSecret }) {
      const world = byClient.get(clientId);
      return world && world.credentials.clientSecret === clientSecret ? world.tenantId : undefined;
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
      const { webhookUrl: own, ...rest } = options;
      const [field] = Object.keys(rest);
      if (field !== undefined)
        throw validationFailed(`${emulatorRouteLabel('createTenant')} takes webhookUrl, got ${field}`);
      checkWebhookUrl(own);
      const tenantId = random.uuid();
      const { accountIds, ids } = freshSeedIds(random);
      const credentials = { clientId: `tenant-${tenantId}`, clientSecret: `secret-${random.hex(16)}` };
      install({ tenantId, accountIds, fixtures: ids, credentials, webhookUrl: own }, seedData(seed, accountIds, ids));
      return describe(tenantId);
    },
    /** @param {string} tenantId Restores a tenant's seed, and drops its events and the faults scoped to it. */
    reset: (tenantId) => reseed(find(tenantId)),
    /**
     * Deletes a tenant's world: its accounts and records, its credentials, its events and faults. Its tokens stay until
     * they expire (by the emulator's clock now), reaching none of its accounts: those answer 404, they are gone.
     * @param {string} tenantId
     * @throws {RefusalError} 409 for the default tenant, which stays
     */
    remove(tenantId) {
      const world = find(tenantId);
      const reset = emulatorRouteLabel('resetTenant', { tenantId: DEFAULT_TENANT_ID });
      if (tenantId === DEFAULT_TENANT_ID) throw conflict(`the ${DEFAULT_TENANT_ID} tenant stays; ${reset} restores it`);
      unregister(tenantId);
      events.clear(Object.values(world.accountIds));
      faults.clear(Object.values(world.accountIds));
    },
    /** Back to the start: the start-up seed alone, no event, no fault; the tokens, clocks and webhook URLs stay. */
    resetAll() {
      dropCreated();
      reseed(find(DEFAULT_TENANT_ID));
      events.clear();
      faults.clear();
    },
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
    clock: (tenantId) => clock.reading(find(tenantId).ownMs),
    /**
     * Moves one tenant's clock forward, and no other: its tokens expire by it, its sessions and events carry it.
     * @param {string} tenantId @param {unknown} seconds
     */
    advanceClock(tenantId, seconds) {
      const world = find(tenantId);
      world.ownMs += clockMoveMs(seconds);
      return clock.reading(world.ownMs);
    },
    /** @param {TenantWorld} world @returns {TenantState} the tenant as a snapshot holds it */
    stateOf: ({ tenantId, accountIds, ids, credentials, ownMs, ownWebhookUrl }) => ({
      ...{ tenantId, accountIds: { ...accountIds }, fixtures: { ...ids } },
      ...(tenantId === DEFAULT_TENANT_ID ? {} : { credentials: { ...credentials } }),
      clock: { advancedSeconds: (clock.advancedMs + ownMs) / 1000 },
      ...(ownWebhookUrl === undefined ? {} : { webhookUrl: ownWebhookUrl }),
    }),
  };
}

/** @typedef {ReturnType<typeof createTenantWorlds>} TenantWorlds */
