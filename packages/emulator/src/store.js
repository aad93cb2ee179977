import { freezeDeep } from './freeze-deep.js';
import { createSeedData } from './seed.js';

/**
 * @typedef {'rfiCases' | 'paymentRequests' | 'payers' | 'beneficiaries' | 'users' | 'persons' | 'corporates'}
 *   CollectionName
 */

/**
 * The collections of records, in the order a snapshot of the state lists them.
 * @type {ReadonlyArray<CollectionName>}
 */
export const COLLECTIONS = Object.freeze([
  'rfiCases',
  'paymentRequests',
  'payers',
  'beneficiaries',
  'users',
  'persons',
  'corporates',
]);

/** The id field of each collection's records. */
export const ID_FIELDS = Object.freeze({
  rfiCases: 'rfiId',
  paymentRequests: 'paymentRequestId',
  payers: 'payerId',
  beneficiaries: 'beneficiaryId',
  users: 'userId',
  persons: 'personId',
  corporates: 'corporateId',
});

/**
 * The in-memory state of one emulator. Every record belongs to one account; lookups take the account
 * acting, so another account's record is simply not found (the 404-never-403 rule lives here, and it is also what
 * keeps one tenant's accounts out of another's). Records are frozen: a change is made on a copy that replaces the
 * record whole (`update`), so what was read stays as it was read, and a change that throws halfway leaves nothing
 * behind.
 */
export function createStore() {
  /** @type {Map<string, { account: Record<string, any>, businessProfile?: Record<string, any> }>} */
  const accounts = new Map();
  /** @type {Record<CollectionName, Map<string, { accountId: string, record: Record<string, any> }>>} */
  const collections = /** @type {any} */ (Object.fromEntries(COLLECTIONS.map((name) => [name, new Map()])));

  /**
   * Adds a seed's accounts and records (a tenant's), beside what the store holds.
   * @param {import('./seed.js').SeedData} seed
   */
  function load(seed) {
    for (const entry of seed.accounts) accounts.set(entry.account.accountId, freezeDeep(entry));
    for (const name of COLLECTIONS) {
      for (const entry of seed.collections[name]) {
        collections[name].set(entry.record[ID_FIELDS[name]], {
          accountId: entry.accountId,
          record: freezeDeep(entry.record),
        });
      }
    }
  }

  /**
   * Removes accounts and every record they own, those created after the seed included.
   * @param {Iterable<string>} accountIds
   */
  function drop(accountIds) {
    const dropped = new Set(accountIds);
    for (const accountId of dropped) accounts.delete(accountId);
    for (const name of COLLECTIONS) {
      for (const [id, entry] of collections[name]) if (dropped.has(entry.accountId)) collections[name].delete(id);
    }
  }

  /**
   * Drops everything, tenants' accounts included, and loads the given records (the start-up seed by default).
   * @param {import('./seed.js').SeedData} [data]
   */
  function reset(data = createSeedData()) {
    accounts.clear();
    for (const name of COLLECTIONS) collections[name].clear();
    load(data);
  }

  reset();

  return {
    reset,
    load,
    drop,
    /**
     * Every account and record, copied, in the order they were stored (the order the lists of the API show them in),
     * for a snapshot of the state; the store takes it back with `reset`.
     * @returns {import('./seed.js').SeedData}
     */
    snapshot: () => ({
      accounts: [...accounts.values()].map((entry) => structuredClone(entry)),
      collections: /** @type {import('./seed.js').SeedData['collections']} */ (
        Object.fromEntries(
          COLLECTIONS.map((name) => [
            name,
            [...collections[name].values()].map(({ accountId, record }) => ({
              accountId,
              record: structuredClone(record),
            })),
          ]),
        )
      ),
    }),
    /** @param {string} accountId */
    account: (accountId) => accounts.get(accountId),
    /**
     * The record, if it exists and belongs to the account.
     * @param {CollectionName} name
     * @param {string} accountId
     * @param {string} id
     */
    find(name, accountId, id) {
      const entry = collections[name].get(id);
      return entry && entry.accountId === accountId ? entry.record : undefined;
    },
    /**
     * The record and its owner whatever the account; for the control API, which acts for every account.
     * @param {CollectionName} name
     * @param {string} id
     */
    findAnyAccount: (name, id) => collections[name].get(id),
    /**
     * @param {CollectionName} name
     * @param {string} accountId
     */
    list: (name, accountId) =>
      [...collections[name].values()].filter((e) => e.accountId === accountId).map((e) => e.record),
    /**
     * Stores a record under its id, replacing whatever was stored under it.
     * @param {CollectionName} name
     * @param {string} accountId
     * @param {Record<string, any>} record
     */
    put(name, accountId, record) {
      collections[name].set(record[ID_FIELDS[name]], { accountId, record: freezeDeep(record) });
      return record;
    },
    /**
     * Changes a stored record: `change` works on a copy, which replaces the record once it returns. Whatever
     * `change` returns (the record, or a part of it) is frozen with it.
     * @template T
     * @param {CollectionName} name
     * @param {string} id an id the caller found
     * @param {(draft: Record<string, any>) => T} change
     * @returns {T}
     */
    update(name, id, change) {
      const entry = collections[name].get(id);
      if (!entry) throw new Error(`the store has no ${name} record ${id} to change`);
      const { copy, result } = changedCopy(entry.record, change);
      collections[name].set(id, { accountId: entry.accountId, record: copy });
      return result;
    },
    /**
     * `update` for an account's own record.
     * @template T
     * @param {string} accountId an account the caller found
     * @param {(draft: Record<string, any>) => T} change
     * @returns {T}
     */
    updateAccount(accountId, change) {
      const entry = accounts.get(accountId);
      if (!entry) throw new Error(`the store has no account ${accountId} to change`);
      const { copy, result } = changedCopy(entry.account, change);
      accounts.set(accountId, { ...entry, account: copy });
      return result;
    },
  };
}

/** @typedef {ReturnType<typeof createStore>} Store */

/**
 * A changed, frozen copy of a record, and what the change returned.
 * @template T
 * @param {Record<string, any>} record
 * @param {(draft: Record<string, any>) => T} change
 */
function changedCopy(record, change) {
  const draft = structuredClone(record);
  const result = change(draft);
  return { copy: freezeDeep(draft), result };
}
