/**
 * The API's handlers, by the spec's operationId: each reads the request and calls the model of its resource, which
 * holds the rules. The emulator refuses to start if the spec has an operation missing here, so a new operation in the
 * spec cannot go unnoticed.
 */
import { accounts } from './model/accounts.js';
import { paymentRequests } from './model/payment-requests.js';
import { replaceableRecords } from './model/replaceable-records.js';
import { rfiCases } from './model/rfi-cases.js';
import { users } from './model/users.js';

/**
 * @typedef {object} OperationContext what a handler is given
 * @property {Record<string, string>} params validated path parameters
 * @property {Record<string, unknown>} query validated query parameters
 * @property {string} accountId the AccountId header ('' for POST /auth/token, which takes none)
 * @property {import('./tenant-worlds.js').TenantWorld} world the world of the account's tenant (none for the token)
 * @property {any} body the validated JSON body
 * @property {Record<string, import('@payments-connect/contract').UploadedPart>} parts multipart parts by name
 * @property {import('./token-issuer.js').TokenIssuer} tokens
 */

/** @typedef {{ status: number, body?: unknown }} OperationResult the answer: a status and a JSON body, if any */

/** @typedef {(ctx: OperationContext) => OperationResult} OperationHandler */

/** @param {unknown} body @returns {OperationResult} a 200 answer with a JSON body */
const ok = (body) => ({ status: 200, body });

/**
 * A read and a replacement by id of a resource the document shows only so: their operationIds, its collection and id.
 * @param {string} read @param {string} replace @param {import('./model/replaceable-records.js').ReplaceableCollection}
 *   collection @param {string} idParameter @returns {Record<string, OperationHandler>}
 */
const readAndReplace = (read, replace, collection, idParameter) => ({
  [read]: ({ world, accountId, params }) =>
    ok(replaceableRecords.get(world, collection, accountId, params[idParameter])),
  [replace]: ({ world, accountId, params, body }) =>
    ok(replaceableRecords.replace(world, collection, accountId, params[idParameter], body)),
});

/** @type {Record<string, OperationHandler>} */
export const operationHandlers = {
  createAccessToken: ({ body, tokens }) => ok(tokens.issue(body)),

  submitAccount: ({ world, accountId }) => ok(accounts.submit(world, accountId)),
  getBusinessProfile: ({ world, accountId }) => ok(accounts.businessProfile(world, accountId)),
  listWebhooks: ({ world }) => ok(accounts.webhooks(world)),

  refreshPaymentRequestSession: ({ world, accountId, params }) =>
    ok(paymentRequests.refreshSession(world, accountId, params.paymentRequestId)),
  uploadPaymentRequestPreviewLogo: ({ world, accountId, params, parts }) =>
    ok(paymentRequests.uploadPreviewLogo(world, accountId, params.paymentRequestId, { ...parts.logo })),
  deletePaymentRequestPreviewLogo: ({ world, accountId, params }) => {
    paymentRequests.deletePreviewLogo(world, accountId, params.paymentRequestId);
    return { status: 200 };
  },

  ...readAndReplace('getPayer', 'updatePayer', 'payers', 'payerId'),
  ...readAndReplace('getBeneficiary', 'updateBeneficiary', 'beneficiaries', 'beneficiaryId'),
  ...readAndReplace('getRelatedPerson', 'updateRelatedPerson', 'persons', 'personId'),
  ...readAndReplace('getRelatedCorporate', 'updateRelatedCorporate', 'corporates', 'corporateId'),

  listRfiCases: ({ world, accountId, query }) =>
    ok({ items: rfiCases.list(world, accountId, Boolean(query.includeTerminal)) }),
  getRfiCase: ({ world, accountId, params }) => ok(rfiCases.get(world, accountId, params.rfiId)),
  answerRfiQuestion: ({ world, accountId, params, body }) =>
    ok(rfiCases.answer(world, accountId, params.rfiId, params.questionId, body.answer)),
  attachRfiDocument: ({ world, accountId, params, parts }) =>
    ok(rfiCases.attach(world, accountId, params.rfiId, params.documentRequestId, { ...parts.document })),
  submitRfiResponses: ({ world, accountId, params, body }) =>
    ok(rfiCases.respond(world, accountId, params.rfiId, body.answers)),

  getUser: ({ world, accountId, params }) => ok(users.get(world, accountId, params.userId)),
  updateUser: ({ world, accountId, params, body }) => ok(users.update(world, accountId, params.userId, body)),
  updateUserRole: ({ world, accountId, params, body }) => ok(users.setRole(world, accountId, params.userId, body)),
  deactivateUser: ({ world, accountId, params }) => {
    users.deactivate(world, accountId, params.userId);
    return { status: 204 };
  },
};
