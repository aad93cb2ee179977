/**
 * Resources the document shows only as "read" and "replace by id" (payers, beneficiaries, related persons and
 * corporates): a replacement overwrites the stored record with the body (fields left out are gone), keeps the id of
 * the path, and never creates.
 */

import { notFound, validationFailed } from '../refusals.js';
import { ID_FIELDS } from '../store.js';

/** @typedef {import('../tenant-worlds.js').TenantWorld} TenantWorld */
/** @typedef {'payers' | 'beneficiaries' | 'persons' | 'corporates'} ReplaceableCollection */

/** How a message names a record of each collection. */
const LABELS = {
  payers: 'payer',
  beneficiaries: 'beneficiary',
  persons: 'related person',
  corporates: 'related corporate',
};

export const replaceableRecords = {
  /**
   * The account's record, or 404.
   * @param {TenantWorld} world @param {ReplaceableCollection} collection @param {string} accountId @param {string} id
   * @returns {Record<string, any>}
   */
  get(world, collection, accountId, id) {
    const record = world.store.find(collection, accountId, id);
    if (!record) throw notFound(`${LABELS[collection]} ${id}`);
    return record;
  },

  /**
   * Replaces the record whole; a body naming another id is refused.
   * @param {TenantWorld} world @param {ReplaceableCollection} collection @param {string} accountId @param {string} id
   * @param {Record<string, unknown>} body
   */
  replace(world, collection, accountId, id, body) {
    replaceableRecords.get(world, collection, accountId, id);
    const idField = ID_FIELDS[collection];
    if (body[idField] !== undefined && body[idField] !== id)
      throw validationFailed(`body ${idField} ${JSON.stringify(body[idField])} differs from the path's ${id}`);
    return world.store.put(collection, accountId, { ...body, [idField]: id });
  },
};
