import { notFound, validationFailed } from '../refusals.js';
import { ID_FIELDS } from '../store.js';
import { ok } from './context.js';

/**
 * Resources the document shows only as "read" and "replace by id". A PUT overwrites the stored
 * record with the body (fields left out are gone), keeps the id of the path, and never creates.
 * @type {Array<{ read: string, replace: string, collection: import('../store.js').CollectionName, label: string }>}
 */
const REPLACEABLE_RESOURCES = [
  { read: 'getPayer', replace: 'updatePayer', collection: 'payers', label: 'payer' },
  { read: 'getBeneficiary', replace: 'updateBeneficiary', collection: 'beneficiaries', label: 'beneficiary' },
  { read: 'getRelatedPerson', replace: 'updateRelatedPerson', collection: 'persons', label: 'related person' },
  {
    read: 'getRelatedCorporate',
    replace: 'updateRelatedCorporate',
    collection: 'corporates',
    label: 'related corporate',
  },
];

/** @type {Record<string, import('./context.js').OperationHandler>} */
export const replaceableResourceHandlers = Object.fromEntries(
  REPLACEABLE_RESOURCES.flatMap(({ read, replace, collection, label }) => {
    const idField = ID_FIELDS[collection];
    /** @param {import('./context.js').OperationContext} ctx */
    const existing = ({ store, accountId, params }) => {
      const record = store.find(collection, accountId, params[idField]);
      if (!record) throw notFound(`${label} ${params[idField]}`);
      return record;
    };
    /** @type {import('./context.js').OperationHandler} */
    const readHandler = (ctx) => ok(existing(ctx));
    /** @type {import('./context.js').OperationHandler} */
    const replaceHandler = (ctx) => {
      const id = ctx.params[idField];
      existing(ctx);
      if (ctx.body[idField] !== undefined && ctx.body[idField] !== id) {
        throw validationFailed(`body ${idField} ${JSON.stringify(ctx.body[idField])} differs from the path's ${id}`);
      }
      return ok(ctx.store.put(collection, ctx.accountId, { ...ctx.body, [idField]: id }));
    };
    return [
      [read, readHandler],
      [replace, replaceHandler],
    ];
  }),
);
