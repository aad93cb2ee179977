/**
 * Resources the document shows only as "read" and "replace by id" (payers, beneficiaries, related persons and
 * corporates): a replacement overwrites the stored record with the body (fields left out are gone), keeps the id of
 * the path, and never creates.
 */

import { notFound, validationFailed } from '../refusals.js';
import { ID_FIELDS } from '../store.js';

/** @typedef {import('../tenant-worlds.js').TenantWorld} TenantWorld */
/** @typedef {'payers' | 'beneficiaries' | 'persons' | 'corporates'} ReplaceableCollection */
/** @typedef {import('../store.js').Schemas} Schemas */
/** @typedef {import('../store.js').Records} Records */
/**
 * @typedef {{ payers: Schemas['PayerUpdateRequest'], beneficiaries: Schemas['BeneficiaryRequest'],
 *   persons: Schemas['RelatedPersonRequest'], corporates: Schemas['RelatedCorporateRequest'] }} ReplacementBodies the
 *   body of each replacement, as the spec types it
 */

/** How a message names a record of each collection. */
const LABELS = {
  payers: 'payer',
  beneficiaries: 'beneficiary',
  persons: 'related person',
  corporates: 'related corporate',
};

/**
 * The record a replacement makes: the body, under the path's id. One builder a collection, so that the type check
 * says where a field the spec requires of the record, and not of the body, must come from.
 * @type {{ [Name in ReplaceableCollection]: (body: ReplacementBodies[Name], id: string) => Records[Name] }}
 */
const RECORD_OF_BODY = {
  payers: (body, payerId) => ({ ...body, payerId }),
  beneficiaries: (body, beneficiaryId) => ({ ...body, beneficiaryId }),
  persons: (body, personId) => ({ ...body, personId }),
  corporates: (body, corporateId) => ({ ...body, corporateId }),
};

export const replaceableRecords = {
  /**
   * The account's record, or 404.
   * @template {ReplaceableCollection} Name
   * @param {TenantWorld} world @param {Name} collection @param {string} accountId @param {string} id
   * @returns {import('../store.js').Records[Name]}
   */
  get(world, collection, accountId, id) {
    const record = world.store.find(collection, accountId, id);
    if (!record) throw notFound(`${LABELS[collection]} ${id}`);
    return record;
  },

  /**
   * Replaces the record whole; a body naming another id is refused.
   * @template {ReplaceableCollection} Name
   * @param {TenantWorld} world @param {Name} collection @param {string} accountId @param {string} id
   * @param {ReplacementBodies[Name]} body
   */
  replace(world, collection, accountId, id, body) {
    replaceableRecords.get(world, collection, accountId, id);
    const idField = ID_FIELDS[collection];
    if (body[idField] !== undefined && body[idField] !== id)
      throw validationFailed(`body ${idField} ${JSON.stringify(body[idField])} differs from the path's ${id}`);
    return world.store.put(collection, accountId, RECORD_OF_BODY[collection](body, id));
  },
};
