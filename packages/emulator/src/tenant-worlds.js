import { isHttpUrl } from '@payments-connect/contract/command-line';
import { RefusalError } from '@payments-connect/contract/control';
import { emulatorRouteLabel } from './control-routes.js';
import { DEFAULT_TENANT_ID, MAX_TENANTS } from './defaults.js';
import { clockMoveMs } from './emulator-clock.js';
import { conflict, notFound, validationFailed } from './refusals.js';
import { buildSandboxEnv } from './sandbox-env.js';
import { freshSeedIds, seedData } from './seed.js';
import { createStore } from './store.js';

/**
 * @typedef {import('./seed.js').AccountIds} AccountIds
 * @typedef {import('./seed.js').SeedIds} SeedIds
 * @typedef {import('./token-issuer.js').Credentials} Credentials
 */

/**
 * @typedef {object} EmulatorAccount an account of the seed, as it was seeded
 * @property {string} accountId
 * @property {string} name
 * @property {string} type `BUSINESS` or `INDIVIDUAL`
 * @property {string} status
 */

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
 * @typedef {object} TenantState a tenant as a snapshot holds it: its ids, and the credentials of a tenant created at
 *   run time (the `default` tenant's are the emulator's configured `credentials`, not state)
 * @property {string} tenantId
 * @property {AccountIds} accountIds
 * @property {SeedIds} fixtures the ids of its seeded records (the expired token aside)
 * @property {Credentials} [credentials] none for `default`
 * @property {{ advancedSeconds: number }} [clock] how far its clock had been moved (the emulator's moves and its
 *   own); left out (snapshots of 1.0), the emulator's
 * @property {string} [webhookUrl] where its events went, when it had a URL of its own
 */

/**
 * @typedef {object} TenantWorld one tenant's world: its records, its clock, its webhook URL; its tokens, events and
 *   faults are those of its credentials and accounts
 * @property {string} tenantId
 * @property {AccountIds} accountIds
 * @property {SeedIds} ids
 * @property {Credentials} credentials
 * @property {TenantAccounts} accounts as seeded
 * @property {import('./store.js').Store} store its records
 * @property {number} ownMs how far its clock was moved beyond the emulator's (a restore may make it negative)
 * @property {string | undefined} ownWebhookUrl
 * @property {() => number} now its time
 * @property {() => string | undefined} webhookUrl where its events go: its own URL, else the emulator's
 * @property {(type: string, accountId: string, data: Record<string, unknown>) => void} emit records an event of one of
 *   its accounts
 * @property {import('./random-source.js').RandomSource} random
 * @property {(name: import('./store.js').CollectionName, id: string) => boolean} isTaken whether any tenant holds a
 *   record of that id: the control API's ids are unique across the emulator
 */

/**
 * @typedef {object} WorldsDeps
 * @property {{ accountIds: AccountIds, ids: SeedIds, credentials: Credentials }} seed the start-up seed's ids (the
 *   contract's examples) and the `default` tenant's credentials
 * @property {import('./emulator-clock.js').EmulatorClock} clock
 * @property {{ expiredToken: string }} tokens the emulator's tokens, for the fixture `expiredToken`
 * @property {import('./event-log.js').EventLog} events
 * @property {import('./fault-injector.js').FaultInjector} faults
 * @property {import('./random-source.js').RandomSource} random
 * @property {string | undefined} webhookUrl the emulator's (the `webhookUrl` option)
 * @property {() => string} url the emulator's, for the tenants' sandbox environment
 */

/**
 * The tenants of one emulator, each a world of its own, as moto keeps a backend per account: the start-up seed
 * (`default`) and those created for test files that run at the same time. Each holds its records, its clock and its
 * webhook URL; its tokens (those of its credentials), its events and its faults (those of its accounts) are kept by
 * the emulator's token issuer, event log and fault injector. Deleting a tenant drops its world with its events and
 * faults.
 * @param {WorldsDeps} deps
 */
export function createTenantWorlds({ seed, clock, tokens, events, faults, random, webhookUrl, url }) {
  /** @type {Map<string, TenantWorld>} */
  const worlds = new Map();
  /** @type {Map<string, TenantWorld>} */
  const byAccount = new Map();
  /** @type {Map<string, TenantWorld>} */
  const byClient = new Map();

  /** @param {import('./store.js').CollectionName} name @param {string} id */
  const holding = (name, id) => {
    for (const world of worlds.values()) {
      const entry = world.store.findAnyAccount(name, id);
      if (entry) return { world, accountId: entry.accountId };
    }
    return undefined;
  };

  /**
   * Makes a world and puts it in place of the tenant's, if it had one.
   * @param {TenantState} state
   * @param {import('./store.js').StoreData} data
   * @param {number} [ownMs]
   * @returns {TenantWorld}
   */
  function install(
    { tenantId, accountIds, fixtures, credentials = seed.credentials, webhookUrl: own },
    data,
    ownMs = 0,
  ) {
    const seeded = new Map(seedData(accountIds, fixtures).accounts.map(({ account }) => [account.accountId, account]));
    /** @type {TenantWorld} */
    const world = {
      tenantId,
      accountIds,
      ids: fixtures,
      credentials,
      accounts: /** @type {TenantAccounts} */ (
        Object.fromEntries(Object.entries(accountIds).map(([role, id]) => [role, Object.freeze({ ...seeded.get(id) })]))
      ),
      store: createStore(data),
      ownMs,
      ownWebhookUrl: own,
      now: () => clock.now() + world.ownMs,
      webhookUrl: () => world.ownWebhookUrl ?? webhookUrl,
      emit: (type, accountId, payload) =>
        events.emit({ type, accountId, data: payload, now: world.now(), webhookUrl: world.webhookUrl() }),
      random,
      isTaken: (name, id) => holding(name, id) !== undefined,
    };
    if (!worlds.has(tenantId) && worlds.size > MAX_TENANTS) {
      const remove = emulatorRouteLabel('deleteTenant');
      throw conflict(`${MAX_TENANTS} tenants exist already: delete those you are done with (${remove})`);
    }
    unregister(tenantId);
    worlds.set(tenantId, world);
    for (const accountId of Object.values(accountIds)) byAccount.set(accountId, world);
    byClient.set(credentials.clientId, world);
    return world;
  }

  /** @param {string} tenantId */
  function unregister(tenantId) {
    const world = worlds.get(tenantId);
    if (!world) return;
    worlds.delete(tenantId);
    for (const accountId of Object.values(world.accountIds)) byAccount.delete(accountId);
    byClient.delete(world.credentials.clientId);
  }

  /**
   * @param {string} tenantId
   * @returns {TenantWorld}
   * @throws {import('@payments-connect/contract/control').RefusalError} 404 for a tenant that does not exist
   */
  function find(tenantId) {
    const world = worlds.get(tenantId);
    if (world) return world;
    throw new RefusalError(
      404,
      `tenant ${tenantId} not found: it was deleted, or dropped by ${emulatorRouteLabel('reset')}, which keeps ` +
        `only the ${DEFAULT_TENANT_ID} tenant`,
    );
  }

  /**
   * Drops what a tenant's accounts hold beside its records: its events and the faults scoped to them.
   * @param {TenantWorld} world
   */
  function dropEventsAndFaults(world) {
    const accountIds = Object.values(world.accountIds);
    events.clear(accountIds);
    faults.clear(accountIds);
  }

  /**
   * A tenant as `createTenant` answers it.
   * @param {string} tenantId
   * @returns {Tenant}
   */
  function describe(tenantId) {
    const { ids, accounts, credentials, accountIds } = find(tenantId);
    const fixtures = { ...ids, expiredToken: tokens.expiredToken };
    return {
      tenantId,
      accounts,
      fixtures,
      credentials: { ...credentials },
      env: buildSandboxEnv({ url: url(), credentials, accountId: accountIds.primary, fixtures }),
    };
  }

  /** @param {TenantWorld} world */
  const seedOf = (world) => seedData(world.accountIds, world.ids);

  install(
    { tenantId: DEFAULT_TENANT_ID, accountIds: seed.accountIds, fixtures: seed.ids },
    seedData(seed.accountIds, seed.ids),
  );

  return {
    find,
    /** @param {string} accountId @returns {TenantWorld | undefined} the world of the tenant that has the account */
    ofAccount: (accountId) => byAccount.get(accountId),
    /**
     * The tenant whose credentials these are, if any.
     * @param {Credentials} credentials
     */
    tenantOf({ clientId, clientSecret }) {
      const world = byClient.get(clientId);
      return world && world.credentials.clientSecret === clientSecret ? world.tenantId : undefined;
    },
    /**
     * The world of the tenant that has an account, credentials (by client id) or a record of that id, if any but one.
     * @param {'account' | 'client' | import('./store.js').CollectionName} kind
     * @param {string} id
     * @param {string} [except] a tenant whose own does not count
     */
    holderOf(kind, id, except) {
      const world =
        kind === 'account' ? byAccount.get(id) : kind === 'client' ? byClient.get(id) : holding(kind, id)?.world;
      return world?.tenantId === except ? undefined : world;
    },
    /**
     * The world and account of a record, whichever tenant holds it: the control API names records by id alone.
     * @param {import('./store.js').CollectionName} name
     * @param {string} id
     * @param {string} label how a message names such a record
     */
    holding(name, id, label) {
      const found = holding(name, id);
      if (!found) throw notFound(`${label} ${id}`);
      return found;
    },
    /** @param {string} tenantId a tenant's time; the emulator's, for a tenant there is not (any more) */
    nowOf: (tenantId) => worlds.get(tenantId)?.now() ?? clock.now(),
    /** Every world, `default` first, then those created, in order. */
    all: () => [...worlds.values()],
    install,

    describe,

    /**
     * A tenant of fresh ids, its seed loaded, with credentials of its own and, if given, a webhook URL of its own.
     * @param {{ webhookUrl?: string }} [options]
     * @returns {Tenant}
     * @throws {import('@payments-connect/contract/control').RefusalError} 400 for another field or a URL that is no
     *   http(s) URL, 409 once {@link MAX_TENANTS} exist
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
      // Its clock starts at the emulator's: the moves made for every tenant count for it too.
      install({ tenantId, accountIds, fixtures: ids, credentials, webhookUrl: own }, seedData(accountIds, ids));
      return describe(tenantId);
    },

    /**
     * Restores a tenant's seed (same ids) and drops its events and the faults scoped to its accounts; its
     * credentials, tokens, clock and webhook URL stay.
     * @param {string} tenantId
     */
    reset(tenantId) {
      const world = find(tenantId);
      world.store = createStore(seedOf(world));
      dropEventsAndFaults(world);
    },

    /**
     * Deletes a tenant's world: its accounts and records, its credentials, its events and faults. Its tokens stay
     * until they expire (by the emulator's clock now), reaching no account of it: a service that holds one gets 404s
     * for the accounts it knew, the answer that says the accounts are gone.
     * @param {string} tenantId
     * @throws {import('@payments-connect/contract/control').RefusalError} 409 for the default tenant, which stays
     */
    remove(tenantId) {
      const world = find(tenantId);
      if (tenantId === DEFAULT_TENANT_ID) {
        const reset = emulatorRouteLabel('resetTenant', { tenantId: DEFAULT_TENANT_ID });
        throw conflict(`the ${DEFAULT_TENANT_ID} tenant stays; ${reset} restores it`);
      }
      unregister(tenantId);
      dropEventsAndFaults(world);
    },

    /**
     * Back to the start: every tenant but the default dropped, the start-up seed restored, every event and fault
     * gone. Issued tokens, the clocks and the default tenant's webhook URL stay.
     */
    resetAll() {
      for (const tenantId of [...worlds.keys()]) {
        if (tenantId === DEFAULT_TENANT_ID) continue;
        unregister(tenantId);
      }
      const world = find(DEFAULT_TENANT_ID);
      world.store = createStore(seedOf(world));
      events.clear();
      faults.clear();
    },

    /**
     * Sends a tenant's events to a URL of its own from now on, or (null) to the emulator's again.
     * @param {string} tenantId
     * @param {unknown} webhookUrl
     */
    setWebhookUrl(tenantId, webhookUrl) {
      const world = find(tenantId);
      if (webhookUrl !== null) checkWebhookUrl(webhookUrl);
      world.ownWebhookUrl = /** @type {string | null} */ (webhookUrl) ?? undefined;
      return { tenantId, webhookUrl: world.webhookUrl() ?? null };
    },

    /**
     * What a tenant's clock says.
     * @param {string} tenantId
     */
    clock: (tenantId) => clock.reading(find(tenantId).ownMs),
    /**
     * Moves one tenant's clock forward, and no other: its tokens expire by it, its sessions and events carry it.
     * @param {string} tenantId
     * @param {unknown} seconds
     */
    advanceClock(tenantId, seconds) {
      const world = find(tenantId);
      world.ownMs += clockMoveMs(seconds);
      return clock.reading(world.ownMs);
    },

    /**
     * A tenant as a snapshot holds it.
     * @param {TenantWorld} world
     * @returns {TenantState}
     */
    stateOf: ({ tenantId, accountIds, ids, credentials, ownMs, ownWebhookUrl }) => ({
      tenantId,
      accountIds: { ...accountIds },
      fixtures: { ...ids },
      ...(tenantId === DEFAULT_TENANT_ID ? {} : { credentials: { ...credentials } }),
      clock: { advancedSeconds: (clock.advancedMs + ownMs) / 1000 },
      ...(ownWebhookUrl === undefined ? {} : { webhookUrl: ownWebhookUrl }),
    }),

    /**
     * Drops every world but those a restore installs next.
     * @param {Set<string>} kept
     */
    dropAllBut(kept) {
      for (const tenantId of [...worlds.keys()]) if (!kept.has(tenantId)) unregister(tenantId);
    },
  };
}

/** @typedef {ReturnType<typeof createTenantWorlds>} TenantWorlds */

/**
 * @param {unknown} webhookUrl
 * @throws {import('@payments-connect/contract/control').RefusalError} 400 for a value that is no http(s) URL
 */
function checkWebhookUrl(webhookUrl) {
  if (webhookUrl !== undefined && !isHttpUrl(webhookUrl))
    throw validationFailed(`webhookUrl must be an http(s) URL, got ${JSON.stringify(webhookUrl)}`);
}
