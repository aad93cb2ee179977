// A valid request for every operation of the spec, sent through @payments-connect/client.
// An operation of the spec missing here fails the suite (see documented-responses.test.js and the
// coverage check): a new operation needs a request written before it counts as tested.

/** Small but real file contents, so multipart parts carry bytes a server could sniff. */
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n%conformance\n');
export const pngLogo = () => new File([PNG_BYTES], 'logo.png', { type: 'image/png' });
export const pdfDocument = () => new File([PDF_BYTES], 'evidence.pdf', { type: 'application/pdf' });

/** The answer text the RFI writes send. */
export const CONFORMANCE_ANSWER = 'Answered by the Payments Connect conformance suite.';

/**
 * @typedef {object} OperationCall
 * @property {string[]} parameters the path parameters it needs ids for
 * @property {(session: { client: any, target: any }, ids: Record<string, string>, headers?: Record<string, string>) => Promise<{ response: Response }>} send
 */

/** A read by one path id. */
const read = (path, parameter) => ({
  parameters: [parameter],
  send: ({ client }, ids, headers) => client.GET(path, { params: { path: { [parameter]: ids[parameter] } }, headers }),
});

/**
 * A replace by one path id. The document shows none of these request bodies' fields: `{}` is what the
 * spec's open objects allow, and all a conformance run can send without inventing fields.
 */
const replace = (path, parameter) => ({
  parameters: [parameter],
  send: ({ client }, ids, headers) =>
    client.PUT(path, { params: { path: { [parameter]: ids[parameter] } }, body: {}, headers }),
});

/** @type {Record<string, OperationCall>} */
export const operationCalls = {
  createAccessToken: {
    parameters: [],
    send: ({ client, target }, _ids, headers) =>
      client.POST('/auth/token', { body: { clientId: target.clientId, clientSecret: target.clientSecret }, headers }),
  },
  listWebhooks: {
    parameters: [],
    send: ({ client }, _ids, headers) => client.GET('/v1/webhooks', { headers }),
  },
  uploadPaymentRequestPreviewLogo: {
    parameters: ['paymentRequestId'],
    send: ({ client }, { paymentRequestId }, headers) =>
      client.PUT('/v1/collections/payment-requests/{paymentRequestId}/preview-logo', {
        params: { path: { paymentRequestId } },
        body: { logo: pngLogo() },
        headers,
      }),
  },
  deletePaymentRequestPreviewLogo: {
    parameters: ['paymentRequestId'],
    send: ({ client }, { paymentRequestId }, headers) =>
      client.DELETE('/v1/collections/payment-requests/{paymentRequestId}/preview-logo', {
        params: { path: { paymentRequestId } },
        headers,
      }),
  },
  refreshPaymentRequestSession: {
    parameters: ['paymentRequestId'],
    send: ({ client }, { paymentRequestId }, headers) =>
      client.PUT('/v1/collections/payment-requests/{paymentRequestId}/refresh-session', {
        params: { path: { paymentRequestId } },
        headers,
      }),
  },
  getPayer: read('/v1/collections/payers/{payerId}', 'payerId'),
  updatePayer: replace('/v1/collections/payers/{payerId}', 'payerId'),
  getBeneficiary: read('/v1/beneficiaries/{beneficiaryId}', 'beneficiaryId'),
  updateBeneficiary: replace('/v1/beneficiaries/{beneficiaryId}', 'beneficiaryId'),
  getUser: read('/v1/account/users/{userId}', 'userId'),
  updateUser: replace('/v1/account/users/{userId}', 'userId'),
  updateUserRole: replace('/v1/account/users/{userId}/role', 'userId'),
  // After the other user operations: on a sandbox the user stays deactivated.
  deactivateUser: {
    parameters: ['userId'],
    send: ({ client }, { userId }, headers) =>
      client.DELETE('/v1/account/users/{userId}', { params: { path: { userId } }, headers }),
  },
  submitAccount: {
    parameters: [],
    send: ({ client }, _ids, headers) => client.PUT('/v1/account/submit', { body: {}, headers }),
  },
  getRelatedPerson: read('/v1/account/related-party/persons/{personId}', 'personId'),
  updateRelatedPerson: replace('/v1/account/related-party/persons/{personId}', 'personId'),
  getRelatedCorporate: read('/v1/account/related-party/corporates/{corporateId}', 'corporateId'),
  updateRelatedCorporate: replace('/v1/account/related-party/corporates/{corporateId}', 'corporateId'),
  getBusinessProfile: {
    parameters: [],
    send: ({ client }, _ids, headers) => client.GET('/v1/account/business-profile', { headers }),
  },
  listRfiCases: {
    parameters: [],
    send: ({ client }, _ids, headers) => client.GET('/v1/rfi', { headers }),
  },
  getRfiCase: read('/v1/rfi/{rfiId}', 'rfiId'),
  answerRfiQuestion: {
    parameters: ['rfiId', 'questionId'],
    send: ({ client }, { rfiId, questionId }, headers) =>
      client.PUT('/v1/rfi/{rfiId}/questions/{questionId}/answer', {
        params: { path: { rfiId, questionId } },
        body: { answer: CONFORMANCE_ANSWER },
        headers,
      }),
  },
  attachRfiDocument: {
    parameters: ['rfiId', 'documentRequestId'],
    send: ({ client }, { rfiId, documentRequestId }, headers) =>
      client.PUT('/v1/rfi/{rfiId}/document-requests/{documentRequestId}/document', {
        params: { path: { rfiId, documentRequestId } },
        body: { document: pdfDocument() },
        headers,
      }),
  },
  submitRfiResponses: {
    parameters: ['rfiId', 'questionId'],
    send: ({ client }, { rfiId, questionId }, headers) =>
      client.PUT('/v1/rfi/{rfiId}/responses', {
        params: { path: { rfiId } },
        body: { answers: [{ questionId, answer: CONFORMANCE_ANSWER }] },
        headers,
      }),
  },
};
