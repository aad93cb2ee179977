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

/**
 * The spec's schema of each collection's records (`components.schemas`), and of an account and its business profile:
 * what the records are typed from ({@link Records}) and what the snapshot format holds them to.
 */
export const RECORD_SCHEMAS = Object.freeze({
  rfiCases: 'RfiCase',
  paymentRequests: 'PaymentRequest',
  payers: 'Payer',
  beneficiaries: 'Beneficiary',
  users: 'User',
  persons: 'RelatedPerson',
  corporates: 'RelatedCorporate',
  account: 'Account',
  businessProfile: 'BusinessProfileResponse',
});

/** @typedef {import('@payments-connect/types').components['schemas']} Schemas the spec's schemas, generated */
/**
 * @typedef {object} Records the record of each collection: the spec's schema ({@link RECORD_SCHEMAS}) and what the
 *   emulator always keeps of it (the parts its rules read, the id the document does not name: its open objects)
 * @property {Schemas['RfiCase'] & Required<Pick<Schemas['RfiCase'], 'status' | 'questions' | 'documentRequests'>>}
 *   rfiCases
 * @property {Schemas['PaymentRequest'] & { paymentRequestId: string,
 *   executionMode: Schemas['PaymentRequestExecutionMode'], status: Schemas['PaymentRequestStatus'],
 *   amount: { value: string, currency: string }, sessionExpiresAt?: string }} paymentRequests
 * @property {Schemas['Payer'] & { payerId: string }} payers
 * @property {Schemas['Beneficiary'] & { beneficiaryId: string }} beneficiaries
 * @property {Schemas['User'] & { userId: string, displayName: string, email: string, role: string, blocked: boolean,
 *   status: string }} users
 * @property {Schemas['RelatedPerson']} persons
 * @property {Schemas['RelatedCorporate']} corporates
 */
/** @typedef {Schemas['Account'] & { accountId: string, name: string, type: string, status: string }} AccountRecord */
/** @typedef {Records['rfiCases']} RfiCaseRecord a case, as the emulator keeps and answers it */
/**
 * @template {CollectionName} [Name=CollectionName]
 * @typedef {{ accountId: string, record: Records[Name] }} OwnedRecord a record and the account it belongs to
 */
/** @typedef {{ account: AccountRecord, businessProfile?: Schemas['BusinessProfileResponse'] }} AccountEntry */
/**
 * @typedef {object} StoreData what a store holds: accounts, and records by collection in the order the API lists them
 * @property {AccountEntry[]} accounts
 * @property {{ [Name in CollectionName]: OwnedRecord<Name>[] }} collections
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
  const collections = /** @type {{ [Name in CollectionName]: Map<string, OwnedRecord<Name>> }} */ (
    Object.fromEntries(
      COLLECTIONS.map((name) => [
        name,
        new Map(data.collections[name].map((entry) => [idOf(name, entry.record), freezeDeep(entry)])),
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
     * @template {CollectionName} Name @param {Name} name @param {string} accountId @param {string} id
     * @returns {Records[Name] | undefined}
     */
    find(name, accountId, id) {
      const entry = collections[name].get(id);
      return entry && entry.accountId === accountId ? entry.record : undefined;
    },
    /**
     * The record and its owner, for the control API's any account.
     * @template {CollectionName} Name @param {Name} name @param {string} id @returns {OwnedRecord<Name> | undefined}
     */
    findAnyAccount: (name, id) => collections[name].get(id),
    /**
     * @template {CollectionName} Name @param {Name} name @param {string} accountId
     * @returns {Records[Name][]}
     */
    list: (name, accountId) =>
      [...collections[name].values()].filter((e) => e.accountId === accountId).map((e) => e.record),
    /**
     * Stores a record under its id, replacing whatever was stored under it.
     * @template {CollectionName} Name @param {Name} name @param {string} accountId @param {Records[Name]} record
     */
    put(name, accountId, record) {
      collections[name].set(idOf(name, record), { accountId, record: freezeDeep(record) });
      return record;
    },
    /**
     * Changes a stored record (one the caller found): `change` works on a copy, which replaces the record once it
     * returns. Whatever `change` returns (the record, or a part of it) is frozen with it.
     * @template {CollectionName} Name @template T @param {Name} name @param {string} id
     * @param {(draft: Records[Name]) => T} change
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
     * @template T @param {string} accountId @param {(draft: AccountRecord) => T} change @returns {T}
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

/** @template {CollectionName} Name @param {Name} name @param {Records[Name]} record its id */
const idOf = (name, record) => String(/** @type {Record<string, unknown>} */ (record)[ID_FIELDS[name]]);

/** @typedef {ReturnType<typeof createStore>} Store */

/**
 * A changed, frozen copy of a record, and what the change returned.
 * @template R, T @param {R} record @param {(draft: R) => T} change
 */
function changedCopy(record, change) {
  const draft = structuredClone(record);
  const result = change(draft);
  return { copy: freezeDeep(draft), result };
}
