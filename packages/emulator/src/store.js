import { freezeDeep } from './freeze-deep.js';

/**
 * @typedef {'rfiCases' | 'paymentRequests' | 'payers' | 'beneficiaries' | 'users' | 'persons' | 'corporates'}
 *   CollectionName
 */

/** The collections of records, in the order a snapshot lists them. */
export const COLLECTIONS = /** @type {ReadonlyArray<CollectionName>} */ (
  Object.freeze(['rfiCases', 'paymentRequests', 'payers', 'beneficiaries', 'users', 'persons', 'corporates'])
);

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

/** @typedef {{ accountId: string, record: Record<string, any> }} OwnedRecord a record and the account it belongs to */
/** @typedef {{ account: Record<string, any>, businessProfile?: Record<string, any> }} AccountEntry */
/**
 * @typedef {object} StoreData what a store holds: accounts, and records by collection in the order the API lists them
 * @property {AccountEntry[]} accounts
 * @property {Record<CollectionName, OwnedRecord[]>} collections
 */

/**
 * The records of one tenant's world. Every record belongs to one account; lookups take the account acting, so that
 * another account's record is simply not found (the 404-never-403 rule lives here). Records are frozen: a change is
 * made on a copy that replaces the record whole (`update`), so what was read stays as it was read, and a change that
 * throws halfway leaves nothing behind.
 * @param {StoreData} data what it starts with (a seed, or a snapshot's records), frozen as it is: a fresh value
 */
export function createStore(data) {
  /** @type {Map<string, AccountEntry>} */
  const accounts = new Map(data.accounts.map((entry) => [entry.account.accountId, freezeDeep(entry)]));
  const collections = /** @type {Record<CollectionName, Map<string, OwnedRecord>>} */ (
    Object.fromEntries(
      COLLECTIONS.map((name) => [
        name,
        new Map(data.collections[name].map((entry) => [entry.record[ID_FIELDS[name]], freezeDeep(entry)])),
      ]),
    )
  );

  return {
    /** @returns {StoreData} every account and record, copied, in the order they were stored, for a snapshot */
    snapshot: () => ({
      accounts: [...accounts.values()].map((entry) => structuredClone(entry)),
      collections: /** @type {StoreData['collections']} */ (
        Object.fromEntries(
          COLLECTIONS.map((name) => [name, [...collections[name].values()].map((e) => structuredClone(e))]),
        )
      ),
    }),
    /** @param {string} accountId */
    account: (accountId) => accounts.get(accountId),
    /**
     * The record, if it exists and belongs to the account.
     * @param {CollectionName} name @param {string} accountId @param {string} id
     */
    find(name, accountId, id) {
      const entry = collections[name].get(id);
      return entry && entry.accountId === accountId ? entry.record : undefined;
    },
    /** @param {CollectionName} name @param {string} id The record and its owner, for the control API's any account. */
    findAnyAccount: (name, id) => collections[name].get(id),
    /** @param {CollectionName} name @param {string} accountId */
    list: (name, accountId) =>
      [...collections[name].values()].filter((e) => e.accountId === accountId).map((e) => e.record),
    /**
     * Stores a record under its id, replacing whatever was stored under it.
     * @param {CollectionName} name @param {string} accountId @param {Record<string, any>} record
     */
    put(name, accountId, record) {
      collections[name].set(record[ID_FIELDS[name]], { accountId, record: freezeDeep(record) });
      return record;
    },
    /**
     * Changes a stored record (one the caller found): `change` works on a copy, which replaces the record once it
     * returns. Whatever `change` returns (the record, or a part of it) is frozen with it.
     * @template T @param {CollectionName} name @param {string} id @param {(draft: Record<string, any>) => T} change
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
     * `update` for an account's own record (one the caller found).
     * @template T @param {string} accountId @param {(draft: Record<string, any>) => T} change @returns {T}
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
 * @template T @param {Record<string, any>} record @param {(draft: Record<string, any>) => T} change
 */
function changedCopy(record, change) {
  const draft = structuredClone(record);
  const result = change(draft);
  return { copy: freezeDeep(draft), result };
}
