import { createStore } from './store.js';

/**
 * @typedef {import('./seed.js').AccountIds} AccountIds
 * @typedef {import('./seed.js').SeedIds} SeedIds
 * @typedef {import('./token-issuer.js').Credentials} Credentials
 * @typedef {import('./store.js').CollectionName} CollectionName
 * @typedef {import('@payments-connect/contract/server').JournalEntry} JournalEntry
 */
/** @typedef {{ accountId: string, name: string, type: string, status: string }} EmulatorAccount as it was seeded */
/** @typedef {Record<keyof AccountIds, EmulatorAccount>} TenantAccounts the three accounts, by role */

/**
 * @typedef {object} TenantWorld one tenant's world, as moto keeps a backend per account: everything of the tenant, so
 *   that dropping the world drops all of it
 * @property {string} tenantId
 * @property {AccountIds} accountIds
 * @property {SeedIds} ids the ids of its seeded records
 * @property {Credentials} credentials
 * @property {TenantAccounts} accounts its accounts as they were seeded, by role
 * @property {import('./store.js').Store} store its accounts and records
 * @property {Map<string, number>} tokens those issued for its credentials, each with when it expires on its clock
 *   (epoch milliseconds)
 * @property {import('./event-log.js').EventLog} events its events, with their deliveries
 * @property {import('./fault-injector.js').Fault[]} faults the pending faults scoped to its accounts, in the order
 *   injected
 * @property {number} ownMs its clock's moves beyond the emulator's (a restore may make them negative)
 * @property {string | undefined} ownWebhookUrl where its events go, when it has a URL of its own
 * @property {() => number} now its clock: the emulator's, and its own moves
 * @property {() => string | undefined} webhookUrl where its events go: its own URL, else the emulator's
 * @property {import('./random-source.js').RandomSource} random
 * @property {(type: string, accountId: string, data: Record<string, unknown>) => void} emit records an event of one
 *   of its accounts and delivers it
 * @property {(name: CollectionName, id: string) => boolean} isTaken whether any tenant holds a record of that id
 * @property {(entry: JournalEntry) => boolean} ownsRequest whether an entry of the journal is of its slice: a request
 *   of its accounts, or a token request with its credentials
 */

/**
 * @typedef {object} WorldParts what a world is made of, but its own state: the emulator's clock and random source,
 *   the deliveries its event log shares with the others', where the emulator's events go, the contract's token
 *   operation (whose requests carry credentials, not an account), and the check that an id is any tenant's
 * @property {import('./emulator-clock.js').EmulatorClock} clock
 * @property {import('./random-source.js').RandomSource} random
 * @property {import('./event-log.js').EventDeliveries} deliveries
 * @property {string | undefined} webhookUrl
 * @property {string | undefined} tokenOperationId
 * @property {(name: CollectionName, id: string) => boolean} isTaken
 */

/**
 * A tenant's world of its state and records: no token, event or fault yet (a restore puts its own back).
 * @param {{ tenantId: string, accountIds: AccountIds, ids: SeedIds, credentials: Credentials,
 *   accounts: TenantAccounts, ownMs: number, ownWebhookUrl: string | undefined }} state
 * @param {import('./store.js').StoreData} data its accounts and records
 * @param {WorldParts} parts
 * @returns {TenantWorld}
 */
export function createTenantWorld(state, data, { clock, random, deliveries, webhookUrl, tokenOperationId, isTaken }) {
  const own = new Set(Object.values(state.accountIds));
  /** @type {TenantWorld} */
  const world = {
    ...state,
    store: createStore(data),
    tokens: new Map(),
    events: deliveries.createLog(),
    faults: [],
    now: () => clock.now() + world.ownMs,
    webhookUrl: () => world.ownWebhookUrl ?? webhookUrl,
    random,
    emit: (type, accountId, payload) =>
      world.events.emit({ type, accountId, data: payload, now: world.now(), webhookUrl: world.webhookUrl() }),
    isTaken,
    ownsRequest: (entry) =>
      entry.operationId === tokenOperationId
        ? clientIdOf(entry.requestBody) === world.credentials.clientId
        : own.has(String(entry.accountId).trim()),
  };
  return world;
}

/** @param {string | null} body the `clientId` of a journaled token request, if its body was JSON */
function clientIdOf(body) {
  try {
    return JSON.parse(body ?? '').clientId;
  } catch {
    return undefined;
  }
}
