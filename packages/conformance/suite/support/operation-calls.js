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
 * @typedef {import('../../src/conformance-session.js').ConformanceSession} ConformanceSession
 * @typedef {Record<string, string>} Ids path parameter values by name
 * @typedef {Record<string, string> | undefined} ExtraHeaders e.g. a `Prefer` header for the mock
 */

/**
 * The request written for one operation.
 * @typedef {object} OperationCall
 * @property {string[]} parameters the path parameters it needs ids for
 * @property {(session: ConformanceSession, ids: Ids, headers?: ExtraHeaders) => Promise<SentCall>} send
 */

/**
 * @typedef {object} SentCall
 * @property {Response} response
 * @property {any} [error] the parsed error body, when sent through the client
 */

/**
 * The bodies of the replace operations: the document shows none of their fields, so `{}` is what the spec's open
 * objects allow, and all a conformance run can send without inventing fields.
 */
/** @type {{ [field: string]: unknown }} */
const UNSHOWN_FIELDS = {};

/**
 * Every operation of the spec, by operationId, called the way an integrator calls it: through the client, whose
 * types come from the spec. The token exchange is the one call the client makes itself, so it is sent raw.
 * @type {Record<string, OperationCall>}
 */
export const operationCalls = {
  createAccessToken: {
    parameters: [],
    send: ({ raw, target }, _ids, headers) =>
      raw('POST', '/auth/token', {
        bearer: false,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ clientId: target.clientId, clientSecret: target.clientSecret }),
      }).then((response) => ({ response })),
  },
  listWebhooks: {
    parameters: [],
    send: ({ client }, _ids, headers) => client.GET('/v1/webhooks', { headers }),
  },
  uploadPaymentRequestPreviewLogo: {
    parameters: ['paymentRequestId'],
    send: ({ client }, { paymentRequestId = '' }, headers) =>
      client.PUT('/v1/collections/payment-requests/{paymentRequestId}/preview-logo', {
        params: { path: { paymentRequestId } },
        body: { logo: pngLogo() },
        headers,
      }),
  },
  deletePaymentRequestPreviewLogo: {
    parameters: ['paymentRequestId'],
    send: ({ client }, { paymentRequestId = '' }, headers) =>
      client.DELETE('/v1/collections/payment-requests/{paymentRequestId}/preview-logo', {
        params: { path: { paymentRequestId } },
        headers,
      }),
  },
  refreshPaymentRequestSession: {
    parameters: ['paymentRequestId'],
    send: ({ client }, { paymentRequestId = '' }, headers) =>
      client.PUT('/v1/collections/payment-requests/{paymentRequestId}/refresh-session', {
        params: { path: { paymentRequestId } },
        headers,
      }),
  },
  getPayer: {
    parameters: ['payerId'],
    send: ({ client }, { payerId = '' }, headers) =>
      client.GET('/v1/collections/payers/{payerId}', { params: { path: { payerId } }, headers }),
  },
  updatePayer: {
    parameters: ['payerId'],
    send: ({ client }, { payerId = '' }, headers) =>
      client.PUT('/v1/collections/payers/{payerId}', { params: { path: { payerId } }, body: UNSHOWN_FIELDS, headers }),
  },
  getBeneficiary: {
    parameters: ['beneficiaryId'],
    send: ({ client }, { beneficiaryId = '' }, headers) =>
      client.GET('/v1/beneficiaries/{beneficiaryId}', { params: { path: { beneficiaryId } }, headers }),
  },
  updateBeneficiary: {
    parameters: ['beneficiaryId'],
    send: ({ client }, { beneficiaryId = '' }, headers) =>
      client.PUT('/v1/beneficiaries/{beneficiaryId}', {
        params: { path: { beneficiaryId } },
        body: UNSHOWN_FIELDS,
        headers,
      }),
  },
  getUser: {
    parameters: ['userId'],
    send: ({ client }, { userId = '' }, headers) =>
      client.GET('/v1/account/users/{userId}', { params: { path: { userId } }, headers }),
  },
  updateUser: {
    parameters: ['userId'],
    send: ({ client }, { userId = '' }, headers) =>
      client.PUT('/v1/account/users/{userId}', { params: { path: { userId } }, body: UNSHOWN_FIELDS, headers }),
  },
  updateUserRole: {
    parameters: ['userId'],
    send: ({ client }, { userId = '' }, headers) =>
      client.PUT('/v1/account/users/{userId}/role', { params: { path: { userId } }, body: UNSHOWN_FIELDS, headers }),
  },
  // After the other user operations: on a sandbox the user stays deactivated.
  deactivateUser: {
    parameters: ['userId'],
    send: ({ client }, { userId = '' }, headers) =>
      client.DELETE('/v1/account/users/{userId}', { params: { path: { userId } }, headers }),
  },
  submitAccount: {
    parameters: [],
    send: ({ client }, _ids, headers) => client.PUT('/v1/account/submit', { body: UNSHOWN_FIELDS, headers }),
  },
  getRelatedPerson: {
    parameters: ['personId'],
    send: ({ client }, { personId = '' }, headers) =>
      client.GET('/v1/account/related-party/persons/{personId}', { params: { path: { personId } }, headers }),
  },
  updateRelatedPerson: {
    parameters: ['personId'],
    send: ({ client }, { personId = '' }, headers) =>
      client.PUT('/v1/account/related-party/persons/{personId}', {
        params: { path: { personId } },
        body: UNSHOWN_FIELDS,
        headers,
      }),
  },
  getRelatedCorporate: {
    parameters: ['corporateId'],
    send: ({ client }, { corporateId = '' }, headers) =>
      client.GET('/v1/account/related-party/corporates/{corporateId}', { params: { path: { corporateId } }, headers }),
  },
  updateRelatedCorporate: {
    parameters: ['corporateId'],
    send: ({ client }, { corporateId = '' }, headers) =>
      client.PUT('/v1/account/related-party/corporates/{corporateId}', {
        params: { path: { corporateId } },
        body: UNSHOWN_FIELDS,
        headers,
      }),
  },
  getBusinessProfile: {
    parameters: [],
    send: ({ client }, _ids, headers) => client.GET('/v1/account/business-profile', { headers }),
  },
  listRfiCases: {
    parameters: [],
    send: ({ client }, _ids, headers) => client.GET('/v1/rfi', { headers }),
  },
  getRfiCase: {
    parameters: ['rfiId'],
    send: ({ client }, { rfiId = '' }, headers) =>
      client.GET('/v1/rfi/{rfiId}', { params: { path: { rfiId } }, headers }),
  },
  answerRfiQuestion: {
    parameters: ['rfiId', 'questionId'],
    send: ({ client }, { rfiId = '', questionId = '' }, headers) =>
      client.PUT('/v1/rfi/{rfiId}/questions/{questionId}/answer', {
        params: { path: { rfiId, questionId } },
        body: { answer: CONFORMANCE_ANSWER },
        headers,
      }),
  },
  attachRfiDocument: {
    parameters: ['rfiId', 'documentRequestId'],
    send: ({ client }, { rfiId = '', documentRequestId = '' }, headers) =>
      client.PUT('/v1/rfi/{rfiId}/document-requests/{documentRequestId}/document', {
        params: { path: { rfiId, documentRequestId } },
        body: { document: pdfDocument() },
        headers,
      }),
  },
  submitRfiResponses: {
    parameters: ['rfiId', 'questionId'],
    send: ({ client }, { rfiId = '', questionId = '' }, headers) =>
      client.PUT('/v1/rfi/{rfiId}/responses', {
        params: { path: { rfiId } },
        body: { answers: [{ questionId, answer: CONFORMANCE_ANSWER }] },
        headers,
      }),
  },
};
