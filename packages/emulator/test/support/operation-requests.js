// A request that succeeds for each operation of the spec, built from the seed fixtures. Loops over
// these prove rules that hold for every operation (401, AccountId, UUID paths, 415).
import { filePart } from './use-emulator.js';

/**
 * @typedef {object} OperationRequest
 * @property {string} method
 * @property {string} path
 * @property {number} success the documented success status
 * @property {unknown} [json]
 * @property {() => FormData} [form]
 * @property {string[]} uuidParams path parameters that are UUIDs, in path order
 */

/**
 * @param {import('../../src/index.js').Fixtures} f
 * @param {import('../../src/index.js').ClientCredentials} credentials
 * @returns {Record<string, OperationRequest>}
 */
export function operationRequests(f, credentials) {
  const rfi = `/v1/rfi/${f.openRfiId}`;
  const pr = `/v1/collections/payment-requests/${f.hostedPaymentRequestId}`;
  return {
    createAccessToken: { method: 'POST', path: '/auth/token', success: 200, json: credentials, uuidParams: [] },
    listWebhooks: { method: 'GET', path: '/v1/webhooks', success: 200, uuidParams: [] },
    uploadPaymentRequestPreviewLogo: {
      method: 'PUT',
      path: `${pr}/preview-logo`,
      success: 200,
      form: () => filePart('logo', 'png', 'image/png'),
      uuidParams: [f.hostedPaymentRequestId],
    },
    deletePaymentRequestPreviewLogo: {
      method: 'DELETE',
      path: `${pr}/preview-logo`,
      success: 200,
      uuidParams: [f.hostedPaymentRequestId],
    },
    refreshPaymentRequestSession: {
      method: 'PUT',
      path: `${pr}/refresh-session`,
      success: 200,
      uuidParams: [f.hostedPaymentRequestId],
    },
    getPayer: { method: 'GET', path: `/v1/collections/payers/${f.payerId}`, success: 200, uuidParams: [f.payerId] },
    updatePayer: {
      method: 'PUT',
      path: `/v1/collections/payers/${f.payerId}`,
      success: 200,
      json: { name: 'Globex' },
      uuidParams: [f.payerId],
    },
    getBeneficiary: {
      method: 'GET',
      path: `/v1/beneficiaries/${f.beneficiaryId}`,
      success: 200,
      uuidParams: [f.beneficiaryId],
    },
    updateBeneficiary: {
      method: 'PUT',
      path: `/v1/beneficiaries/${f.beneficiaryId}`,
      success: 200,
      json: { name: 'Umbrella' },
      uuidParams: [f.beneficiaryId],
    },
    getUser: { method: 'GET', path: `/v1/account/users/${f.userId}`, success: 200, uuidParams: [f.userId] },
    updateUser: {
      method: 'PUT',
      path: `/v1/account/users/${f.userId}`,
      success: 200,
      json: { displayName: 'Grace', blocked: false },
      uuidParams: [f.userId],
    },
    deactivateUser: { method: 'DELETE', path: `/v1/account/users/${f.userId}`, success: 204, uuidParams: [f.userId] },
    updateUserRole: {
      method: 'PUT',
      path: `/v1/account/users/${f.userId}/role`,
      success: 200,
      json: { role: 'VIEWER' },
      uuidParams: [f.userId],
    },
    submitAccount: {
      method: 'PUT',
      path: '/v1/account/submit',
      success: 200,
      json: { confirmed: true },
      uuidParams: [],
    },
    getRelatedPerson: {
      method: 'GET',
      path: `/v1/account/related-party/persons/${f.personId}`,
      success: 200,
      uuidParams: [f.personId],
    },
    updateRelatedPerson: {
      method: 'PUT',
      path: `/v1/account/related-party/persons/${f.personId}`,
      success: 200,
      json: { firstName: 'Kate' },
      uuidParams: [f.personId],
    },
    getRelatedCorporate: {
      method: 'GET',
      path: `/v1/account/related-party/corporates/${f.corporateId}`,
      success: 200,
      uuidParams: [f.corporateId],
    },
    updateRelatedCorporate: {
      method: 'PUT',
      path: `/v1/account/related-party/corporates/${f.corporateId}`,
      success: 200,
      json: { legalName: 'NH' },
      uuidParams: [f.corporateId],
    },
    getBusinessProfile: { method: 'GET', path: '/v1/account/business-profile', success: 200, uuidParams: [] },
    listRfiCases: { method: 'GET', path: '/v1/rfi', success: 200, uuidParams: [] },
    getRfiCase: { method: 'GET', path: rfi, success: 200, uuidParams: [f.openRfiId] },
    answerRfiQuestion: {
      method: 'PUT',
      path: `${rfi}/questions/${f.openQuestionId}/answer`,
      success: 200,
      json: { answer: 'Consulting' },
      uuidParams: [f.openRfiId, f.openQuestionId],
    },
    attachRfiDocument: {
      method: 'PUT',
      path: `${rfi}/document-requests/${f.openDocumentRequestId}/document`,
      success: 200,
      form: () => filePart('document'),
      uuidParams: [f.openRfiId, f.openDocumentRequestId],
    },
    submitRfiResponses: {
      method: 'PUT',
      path: `${rfi}/responses`,
      success: 200,
      json: { answers: [{ questionId: f.openQuestionId, answer: 'Consulting' }] },
      uuidParams: [f.openRfiId],
    },
  };
}

/**
 * Call options that make the request valid apart from what the caller overrides.
 * @param {OperationRequest} request
 */
export const bodyOf = (request) =>
  request.form ? { body: request.form() } : request.json === undefined ? {} : { json: request.json };
