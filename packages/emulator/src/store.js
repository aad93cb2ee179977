import { createSeedData } from './seed.js';

/**
 * @typedef {'rfiCases' | 'paymentRequests' | 'payers' | 'beneficiaries' | 'users' | 'persons' | 'corporates'}
 *   CollectionName
 */

/** @type {CollectionName[]} */
const COLLECTIONS = ['rfiCases', 'paymentRequests', 'payers', 'beneficiaries', 'users', 'persons', 'corporates'];

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
 * acting, so another account's record is simply not found (the 404-never-403 rule lives here).
 */
export function createStore() {
  /** @type {Map<string, { account: Record<string, any>, businessProfile?: Record<string, any> }>} */
  const accounts = new Map();
  /** @type {Record<CollectionName, Map<string, { accountId: string, record: Record<string, any> }>>} */
  const collections = /** @type {any} */ (Object.fromEntries(COLLECTIONS.map((name) => [name, new Map()])));

  /** Drops every change and loads the seed data again. */
  function reset() {
    const seed = createSeedData();
    accounts.clear();
    for (const entry of seed.accounts) accounts.set(entry.account.accountId, entry);
    for (const name of COLLECTIONS) {
      collections[name].clear();
      for (const entry of seed.collections[name]) collections[name].set(entry.record[ID_FIELDS[name]], entry);
    }
  }

  reset();

  return {
    reset,
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
      collections[name].set(record[ID_FIELDS[name]], { accountId, record });
      return record;
    },
  };
}

/** @typedef {ReturnType<typeof createStore>} Store */
