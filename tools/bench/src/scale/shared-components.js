// The parts every generated spec shares with ours: the error responses of section 4 with their named
// examples, the AccountId header, the token operation and the two sandbox-only preview-logo operations (the
// exemptions spec/redocly.yaml names, which the lint policy requires to exist).

/** Error statuses of a read, then what a write and an RFI write add (the documented-error-set rule). */
export const READ_ERRORS = ['400', '401', '403', '404', '405', '429', '500'];
export const WRITE_ERRORS = byStatus([...READ_ERRORS, '415']);
export const RFI_WRITE_ERRORS = byStatus([...WRITE_ERRORS, '409']);

/** Shared error responses: file name, status, description, and the named examples they carry. */
const ERROR_RESPONSES = {
  400: { name: 'BadRequest', code: 'VALIDATION_FAILED', text: 'Bad request (400).' },
  401: { name: 'Unauthorized', code: 'UNAUTHORIZED', text: 'Unauthorized (401).' },
  403: { name: 'Forbidden', code: 'FORBIDDEN', text: 'Forbidden (403).' },
  404: { name: 'NotFound', code: 'NOT_FOUND', text: 'Not found (404).' },
  405: { name: 'MethodNotAllowed', code: 'METHOD_NOT_ALLOWED', text: 'Method not allowed (405).' },
  409: { name: 'Conflict', code: 'CONFLICT', text: 'Conflict (409): the case is not open.' },
  415: { name: 'UnsupportedMediaType', code: 'UNSUPPORTED_MEDIA_TYPE', text: 'Unsupported media type (415).' },
  429: { name: 'TooManyRequests', code: 'TOO_MANY_REQUESTS', text: 'Too many requests (429).' },
  500: { name: 'InternalServerError', code: 'INTERNAL_ERROR', text: 'Server error (500).' },
};

const ACCOUNT_ID_EXAMPLE = '0f8fad5b-d9cb-469f-a165-70867728950e';
const SANDBOX_SERVER = {
  url: '{sandbox_base_url}',
  description: 'Sandbox',
  variables: {
    sandbox_base_url: {
      default: 'https://sandbox.api.payments-connect.example',
      description: 'The sandbox server. The default is a placeholder under the reserved `.example` domain.',
    },
  },
};
const PRODUCTION_SERVER = {
  url: '{base_url}',
  description: 'Production',
  variables: {
    base_url: {
      default: 'https://api.payments-connect.example',
      description: 'The production server. The default is a placeholder under the reserved `.example` domain.',
    },
  },
};

/** The root document's servers, as ours: production first, then the sandbox. */
export const SERVERS = [PRODUCTION_SERVER, SANDBOX_SERVER];

/**
 * The `responses` entries for a list of error statuses, each a $ref to the shared response (as in ours).
 * @param {string[]} statuses
 * @param {string} toComponents relative path from the referring file to components/
 */
export function errorResponseRefs(statuses, toComponents) {
  return Object.fromEntries(
    statuses.map((status) => {
      const { name } = /** @type {{ name: string }} */ (
        /** @type {Record<string, unknown>} */ (ERROR_RESPONSES)[status]
      );
      return [status, { $ref: `${toComponents}/responses/${name}.yaml` }];
    }),
  );
}

/**
 * Files of the shared components, keyed by their path under the spec root.
 * @returns {Record<string, object>}
 */
export function sharedComponentFiles() {
  /** @type {Record<string, any>} */
  const files = {
    'components/securitySchemes/Authorization.yaml': {
      type: 'http',
      scheme: 'bearer',
      description: 'Bearer token from `POST /auth/token`.',
    },
    'components/parameters/AccountId.yaml': {
      name: 'AccountId',
      in: 'header',
      required: true,
      description: 'Selects the account acted on. Required by every `/v1` operation.',
      schema: { type: 'string' },
      example: ACCOUNT_ID_EXAMPLE,
    },
    'components/parameters/PaymentRequestId.yaml': uuidPathParameter(
      'paymentRequestId',
      'payment request',
      '3b241101-e2bb-4255-8caf-4136c566a962',
    ),
    'components/headers/RetryAfter.yaml': {
      description: 'Delay before a retry, in seconds or as an HTTP date, when the service sends it.',
      required: false,
      schema: { type: 'string' },
      example: '2',
    },
    'components/schemas/ErrorEnvelope.yaml': {
      type: 'object',
      description: 'The error envelope of every error response.',
      required: ['code', 'message'],
      properties: {
        code: { $ref: './GatewayErrorCode.yaml' },
        message: { type: 'string', description: 'Human-readable description of the error.' },
        details: { description: 'Optional further information.' },
      },
      additionalProperties: true,
    },
    'components/schemas/GatewayErrorCode.yaml': {
      description: 'A stable, status-flavoured error code; an open set.',
      anyOf: [{ type: 'string', enum: ['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'] }, { type: 'string' }],
    },
    'components/schemas/TokenRequest.yaml': {
      type: 'object',
      description: 'Client credentials issued at onboarding.',
      required: ['clientId', 'clientSecret'],
      properties: { clientId: { type: 'string' }, clientSecret: { type: 'string' } },
    },
    'components/schemas/TokenResponse.yaml': {
      type: 'object',
      description: 'A bearer token for the `Authorization` header.',
      required: ['access_token', 'expires_in', 'token_type'],
      properties: {
        access_token: { type: 'string' },
        expires_in: { type: 'integer' },
        token_type: { type: 'string', const: 'Bearer' },
      },
    },
    'components/schemas/PreviewLogoUpload.yaml': {
      type: 'object',
      description: 'The multipart form of the preview logo upload.',
      required: ['logo'],
      properties: { logo: { type: 'string', format: 'binary', description: 'The logo file.' } },
    },
    'components/schemas/PaymentLinkPreviewLogoResponse.yaml': {
      type: 'object',
      description: 'Returned after a preview logo upload; its fields are not shown.',
      additionalProperties: true,
    },
    'components/examples/TokenRequest.yaml': {
      summary: 'Client credentials',
      value: { clientId: 'pc_sandbox_2f6d1a', clientSecret: 'not-a-real-secret-0000' },
    },
    'components/examples/TokenResponse.yaml': {
      summary: 'A one-hour bearer token',
      value: { access_token: 'example-access-token-5f2c9d81a7b34e06', expires_in: 3600, token_type: 'Bearer' },
    },
    'components/examples/PreviewLogoUpload.yaml': { summary: 'A PNG logo', value: { logo: '(binary PNG data)' } },
    'components/examples/UnspecifiedObject.yaml': { summary: 'Fields not shown', value: {} },
  };
  for (const [status, { name, code, text }] of Object.entries(ERROR_RESPONSES)) {
    files[`components/examples/Error${name}.yaml`] = {
      summary: text.replace(/\.$/, ''),
      value: { code, message: text },
    };
    files[`components/responses/${name}.yaml`] = {
      description: text,
      ...(status === '429' ? { headers: { 'Retry-After': { $ref: '../headers/RetryAfter.yaml' } } } : {}),
      content: {
        'application/json': {
          schema: { $ref: '../schemas/ErrorEnvelope.yaml' },
          examples: { [lowerFirst(name)]: { $ref: `../examples/Error${name}.yaml` } },
        },
      },
    };
  }
  return files;
}

/**
 * The operations every generated spec carries besides its resources: the token exchange and the two
 * sandbox-only preview-logo operations, as path files keyed by path.
 * @returns {{ path: string, file: string, item: object, operations: { operationId: string, method: string }[] }[]}
 */
export function fixedPathItems() {
  const json = (/** @type {string} */ schema, /** @type {{ name: string, file: string }} */ example) => ({
    'application/json': {
      schema: { $ref: `../components/schemas/${schema}.yaml` },
      examples: { [example.name]: { $ref: `../components/examples/${example.file}.yaml` } },
    },
  });
  const sandboxOnly = { 'x-sandbox-only': true, servers: [SANDBOX_SERVER] };
  return [
    {
      path: '/auth/token',
      file: 'paths/auth_token.yaml',
      operations: [{ operationId: 'createAccessToken', method: 'post' }],
      item: {
        post: {
          operationId: 'createAccessToken',
          summary: 'Exchange client credentials for a bearer token',
          description: 'Exchanges the client credentials for a bearer token. Takes no `AccountId`.',
          tags: ['Authentication'],
          security: [],
          requestBody: {
            required: true,
            content: json('TokenRequest', { name: 'clientCredentials', file: 'TokenRequest' }),
          },
          responses: {
            200: {
              description: 'The bearer token.',
              content: json('TokenResponse', { name: 'clientCredentials', file: 'TokenResponse' }),
            },
            ...errorResponseRefs(WRITE_ERRORS, '../components'),
          },
        },
      },
    },
    {
      path: '/v1/collections/payment-requests/{paymentRequestId}/preview-logo',
      file: 'paths/v1_collections_payment-requests_{paymentRequestId}_preview-logo.yaml',
      operations: [
        { operationId: 'uploadPaymentRequestPreviewLogo', method: 'put' },
        { operationId: 'deletePaymentRequestPreviewLogo', method: 'delete' },
      ],
      item: {
        parameters: [
          { $ref: '../components/parameters/AccountId.yaml' },
          { $ref: '../components/parameters/PaymentRequestId.yaml' },
        ],
        put: {
          operationId: 'uploadPaymentRequestPreviewLogo',
          summary: 'Upload a preview logo for a payment request (sandbox only)',
          description: 'Uploads a logo that overrides the logo of this payment request. Only 200 is documented.',
          tags: ['Payment Requests'],
          ...sandboxOnly,
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: { $ref: '../components/schemas/PreviewLogoUpload.yaml' },
                examples: { logoUploaded: { $ref: '../components/examples/PreviewLogoUpload.yaml' } },
              },
            },
          },
          responses: {
            200: {
              description: 'The logo override was stored.',
              content: json('PaymentLinkPreviewLogoResponse', { name: 'logoUploaded', file: 'UnspecifiedObject' }),
            },
          },
        },
        delete: {
          operationId: 'deletePaymentRequestPreviewLogo',
          summary: 'Remove the preview logo override (sandbox only)',
          description: 'Removes the preview logo override. Only 200 is documented.',
          tags: ['Payment Requests'],
          ...sandboxOnly,
          responses: { 200: { description: 'The override was removed. No body.' } },
        },
      },
    },
  ];
}

/**
 * A path parameter as the path-uuid-params rule wants it: a UUID string named `<thing>Id`.
 * @param {string} name
 * @param {string} noun what it identifies, for the description
 * @param {string} example
 */
export function uuidPathParameter(name, noun, example) {
  return {
    name,
    in: 'path',
    required: true,
    description: `Identifier of the ${noun} (UUID).`,
    schema: { type: 'string', format: 'uuid' },
    example,
  };
}

/** @param {string[]} statuses */
function byStatus(statuses) {
  return statuses.sort((a, b) => Number(a) - Number(b));
}

/** @param {string} text */
function lowerFirst(text) {
  return text[0].toLowerCase() + text.slice(1);
}
