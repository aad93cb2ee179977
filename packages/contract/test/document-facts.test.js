import { describe, expect, it } from 'vitest';
import { loadContract } from '../src/contract.js';

const contract = loadContract();
/** @type {any} */
const spec = contract.document;

/**
 * Section 4 of the interface document, row by row, plus the three RFI writes it says exist (their
 * paths are designed here). Path parameters carry the names the spec gives the document's `{id}`.
 */
const OPERATIONS = [
  ['POST', '/auth/token', 200],
  ['GET', '/v1/webhooks', 200],
  ['PUT', '/v1/collections/payment-requests/{paymentRequestId}/preview-logo', 200],
  ['DELETE', '/v1/collections/payment-requests/{paymentRequestId}/preview-logo', 200],
  ['PUT', '/v1/collections/payment-requests/{paymentRequestId}/refresh-session', 200],
  ['GET', '/v1/collections/payers/{payerId}', 200],
  ['PUT', '/v1/collections/payers/{payerId}', 200],
  ['GET', '/v1/beneficiaries/{beneficiaryId}', 200],
  ['PUT', '/v1/beneficiaries/{beneficiaryId}', 200],
  ['GET', '/v1/account/users/{userId}', 200],
  ['PUT', '/v1/account/users/{userId}', 200],
  ['DELETE', '/v1/account/users/{userId}', 204],
  ['PUT', '/v1/account/users/{userId}/role', 200],
  ['PUT', '/v1/account/submit', 200],
  ['GET', '/v1/account/related-party/persons/{personId}', 200],
  ['PUT', '/v1/account/related-party/persons/{personId}', 200],
  ['GET', '/v1/account/related-party/corporates/{corporateId}', 200],
  ['PUT', '/v1/account/related-party/corporates/{corporateId}', 200],
  ['GET', '/v1/account/business-profile', 200],
  ['GET', '/v1/rfi', 200],
  ['GET', '/v1/rfi/{rfiId}', 200],
  ['PUT', '/v1/rfi/{rfiId}/questions/{questionId}/answer', 200],
  ['PUT', '/v1/rfi/{rfiId}/document-requests/{documentRequestId}/document', 200],
  ['PUT', '/v1/rfi/{rfiId}/responses', 200],
];
const TOKEN_OPERATION = 'POST /auth/token';
const SANDBOX_ONLY_OPERATIONS = [
  'DELETE /v1/collections/payment-requests/{paymentRequestId}/preview-logo',
  'PUT /v1/collections/payment-requests/{paymentRequestId}/preview-logo',
];
const RFI_WRITES = OPERATIONS.filter(([method, path]) => method === 'PUT' && String(path).startsWith('/v1/rfi/')).map(
  ([method, path]) => `${method} ${path}`,
);
/** The areas of section 1 (the spec may order its tags differently). */
const AREAS = [
  'Webhook management',
  'Connections',
  'Wallets',
  'Authentication',
  'RFI',
  'Payments',
  'Funding accounts',
  'Exchange',
  'Beneficiaries',
  'Transactions',
  'Account',
  'Business Profile',
  'Branding',
  'Persons',
  'Corporates',
  'Documents',
  'Users',
  'Payment Requests',
  'Payers',
  'Receipts',
  'Rates',
];

/** Every operation under `paths`, keyed `METHOD /path`, as the contract model reads it. */
const operations = new Map(
  contract.operations.map((operation) => [`${operation.method} ${operation.path}`, operation]),
);
/** @param {string} key */
const operationAt = (key) => {
  const operation = operations.get(key);
  if (!operation) throw new Error(`no operation ${key}`);
  return operation;
};
/** @param {unknown} node */
const resolve = (node) => contract.dereference(node).node;

describe('the facts of the interface document', () => {
  it('is OpenAPI 3.1 for interface version 1.0', () => {
    expect(spec.openapi).toMatch(/^3\.1\.\d+$/);
    expect(spec.info.version).toMatch(/^1\.0\.\d+$/);
  });

  it('has exactly the 24 operations of section 4 and the RFI writes', () => {
    expect([...operations.keys()].sort()).toEqual(OPERATIONS.map(([method, path]) => `${method} ${path}`).sort());
  });

  it.each(OPERATIONS)('%s %s succeeds with %i', (method, path, status) => {
    const { responses } = operationAt(`${method} ${path}`);
    expect(responses.map((r) => r.status).filter((code) => code.startsWith('2'))).toEqual([String(status)]);
  });

  it('DELETE /v1/account/users/{userId} answers 204 with no body', () => {
    expect(operationAt('DELETE /v1/account/users/{userId}').responses[0]).toMatchObject({
      status: '204',
      mediaTypes: [],
    });
  });

  it('takes the required AccountId header (the AccountId schema) on every /v1 operation, none on the token', () => {
    expect(resolve({ $ref: '#/components/schemas/AccountId' })).toMatchObject({ type: 'string' });
    const shared = { $ref: '#/components/schemas/AccountId' };
    for (const [key, operation] of operations) {
      const accountIds = operation.parameters.filter(({ name }) => name === 'AccountId');
      if (key === TOKEN_OPERATION) expect(accountIds, key).toEqual([]);
      else expect(accountIds, key).toMatchObject([{ in: 'header', required: true, parameter: { schema: shared } }]);
    }
  });

  it('requires the Authorization bearer scheme on every operation but the token', () => {
    expect(spec.components.securitySchemes.Authorization).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(spec.security).toEqual([{ Authorization: [] }]);
    for (const [key, operation] of operations) {
      expect(operation.security, key).toEqual(key === TOKEN_OPERATION ? [] : [{ Authorization: [] }]);
      expect(operation.requiresBearer, key).toBe(key !== TOKEN_OPERATION);
    }
    expect(contract.tokenOperation?.path).toBe('/auth/token');
  });

  it('names production and sandbox servers as URL variables with .example defaults', () => {
    expect(spec.servers.map((/** @type {{ url: string }} */ server) => server.url)).toEqual([
      '{base_url}',
      '{sandbox_base_url}',
    ]);
    expect(spec.servers[0].variables.base_url.default).toMatch(/\.example$/);
    expect(spec.servers[1].variables.sandbox_base_url.default).toMatch(/\.example$/);
    expect(contract.servers.map((server) => server.environment)).toEqual(['production', 'sandbox']);
  });

  it('marks exactly the two preview-logo operations as sandbox only, served by the sandbox alone', () => {
    const marked = [...operations].filter(([, operation]) => operation.sandboxOnly).map(([key]) => key);
    expect(marked.sort()).toEqual(SANDBOX_ONLY_OPERATIONS);
    for (const key of SANDBOX_ONLY_OPERATIONS) {
      const operation = operationAt(key);
      expect(
        operation.servers.map((server) => server.environment),
        key,
      ).toEqual(['sandbox']);
      expect(
        operation.responses.map((r) => r.status),
        `${key} documents only 200`,
      ).toEqual(['200']);
    }
  });

  it('uses UUID strings for every path identifier', () => {
    for (const [key, operation] of operations) {
      for (const parameter of operation.parameters.filter(({ in: location }) => location === 'path')) {
        expect(parameter.schema, `${key} {${parameter.name}}`).toMatchObject({ type: 'string', format: 'uuid' });
      }
    }
  });

  it('lists RFI cases with includeTerminal (boolean, default false)', () => {
    const { parameters } = operationAt('GET /v1/rfi');
    expect(parameters.find(({ name }) => name === 'includeTerminal')).toMatchObject({
      in: 'query',
      schema: { type: 'boolean', default: false },
    });
  });

  it.each(RFI_WRITES)('%s documents 409 CONFLICT with both variants as named examples', (key) => {
    const conflict = operationAt(key).responses.find((r) => r.status === '409');
    const examples = Object.values(conflict?.response.content['application/json'].examples).map(
      (example) => resolve(example).value,
    );
    for (const variant of ['RFI_NOT_OPEN', 'RFI_ITEM_ALREADY_APPROVED']) {
      expect(
        examples.some(({ code, message }) => code === 'CONFLICT' && message.includes(variant)),
        variant,
      ).toBe(true);
    }
  });

  it('declares webhooks for v1.rfi.case.* and v1.rfi.document.* events', () => {
    expect(Object.keys(spec.webhooks).sort()).toEqual(['v1.rfi.case.*', 'v1.rfi.document.*']);
    expect(contract.webhooks.map((webhook) => `${webhook.method} ${webhook.name}`).sort()).toEqual([
      'POST v1.rfi.case.*',
      'POST v1.rfi.document.*',
    ]);
  });

  it('has one described tag per area of section 1 (21), and tags every operation with one of them', () => {
    expect(spec.tags.map((/** @type {{ name: string }} */ tag) => tag.name).sort()).toEqual([...AREAS].sort());
    for (const tag of spec.tags) expect(tag.description, tag.name).toMatch(/\S/);
    for (const [key, { operation }] of operations) {
      expect(operation.tags?.length, key).toBeGreaterThan(0);
      for (const tag of operation.tags) expect(AREAS, key).toContain(tag);
    }
  });
});
