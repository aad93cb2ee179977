// Every refusal of the mock names what is actually wrong with the request: its message lists each violation and
// `details` each location and rule, with the code the spec gives the status. The spec's examples answer only what
// `Prefer` asks for, never a real validation failure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/index.js';

const ACCOUNT = '0f8fad5b-d9cb-469f-a165-70867728950e';
const RFI = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';
const QUESTION = '6b1c5a7f-8c9d-4e0f-9a1b-2c3d4e5f6071';
const DOCUMENT_REQUEST = '7c2d6b8a-9d0e-4f1a-8b2c-3d4e5f607182';
const PAYMENT_REQUEST = '3b241101-e2bb-4255-8caf-4136c566a962';
const AUTH = { Authorization: 'Bearer test-token', AccountId: ACCOUNT };
const JSON_TYPE = { 'content-type': 'application/json' };
const ANSWER = `/v1/rfi/${RFI}/questions/${QUESTION}/answer`;
const ATTACH = `/v1/rfi/${RFI}/document-requests/${DOCUMENT_REQUEST}/document`;
const LOGO = `/v1/collections/payment-requests/${PAYMENT_REQUEST}/preview-logo`;

/** @type {import('../src/index.js').RunningMock} */
let mock;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock?.stop());

/** @param {string} name @param {string} [content] */
function form(name, content = '%PDF-1.4') {
  const body = new FormData();
  body.append(name, new File([content], 'file.pdf', { type: 'application/pdf' }));
  return body;
}

/**
 * @typedef {object} Refused
 * @property {string} label
 * @property {string} method
 * @property {string} path
 * @property {Record<string, string>} [headers] in place of AUTH
 * @property {BodyInit} [body]
 * @property {number} status
 * @property {string} code
 * @property {string} message the whole message: every violation, in order
 */

/** @type {Refused[]} */
const REFUSED = [
  {
    label: 'an empty body on an answer (valid ids)',
    method: 'PUT',
    path: ANSWER,
    headers: { ...AUTH, ...JSON_TYPE },
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'body is required',
  },
  {
    label: 'an answer body without its field',
    method: 'PUT',
    path: ANSWER,
    headers: { ...AUTH, ...JSON_TYPE },
    body: '{}',
    status: 400,
    code: 'VALIDATION_FAILED',
    message: "body must have required property 'answer'",
  },
  {
    label: 'an empty answer',
    method: 'PUT',
    path: ANSWER,
    headers: { ...AUTH, ...JSON_TYPE },
    body: '{"answer":""}',
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'body/answer must NOT have fewer than 1 characters',
  },
  {
    label: 'no AccountId',
    method: 'GET',
    path: '/v1/rfi',
    headers: { Authorization: AUTH.Authorization },
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'header AccountId is required',
  },
  {
    label: 'no AccountId on an operation documenting only 200',
    method: 'DELETE',
    path: LOGO,
    headers: { Authorization: AUTH.Authorization },
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'header AccountId is required',
  },
  {
    label: 'a body that is not JSON',
    method: 'PUT',
    path: `/v1/rfi/${RFI}/responses`,
    headers: { ...AUTH, ...JSON_TYPE },
    body: '{"answers": [',
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'body is not valid JSON (Unexpected end of JSON input)',
  },
  {
    label: 'a multipart body without its document part',
    method: 'PUT',
    path: ATTACH,
    body: form('attachment'),
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'body part document is required',
  },
  {
    label: 'a logo upload with an empty logo part',
    method: 'PUT',
    path: LOGO,
    body: form('logo', ''),
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'body part logo must not be empty',
  },
  {
    label: 'includeTerminal=maybe',
    method: 'GET',
    path: '/v1/rfi?includeTerminal=maybe',
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'query includeTerminal must be boolean',
  },
  {
    label: 'a bodyless token request (which takes no AccountId)',
    method: 'POST',
    path: '/auth/token',
    headers: JSON_TYPE,
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'body is required',
  },
  {
    label: 'a token request without its secret',
    method: 'POST',
    path: '/auth/token',
    headers: JSON_TYPE,
    body: '{"clientId":"c"}',
    status: 400,
    code: 'VALIDATION_FAILED',
    message: "body must have required property 'clientSecret'",
  },
  {
    label: 'every violation of one request, in order',
    method: 'PUT',
    path: `/v1/rfi/${RFI}/questions/12345/answer`,
    headers: { Authorization: AUTH.Authorization, ...JSON_TYPE },
    body: '{}',
    status: 400,
    code: 'VALIDATION_FAILED',
    message:
      'header AccountId is required; path questionId must match format "uuid"; ' +
      "body must have required property 'answer'",
  },
  {
    label: 'no bearer token',
    method: 'GET',
    path: '/v1/rfi',
    headers: { AccountId: ACCOUNT },
    status: 401,
    code: 'UNAUTHORIZED',
    message: 'header Authorization is required (Bearer token)',
  },
  {
    label: 'a JSON write sent as text/plain',
    method: 'PUT',
    path: ANSWER,
    headers: { ...AUTH, 'content-type': 'text/plain' },
    body: 'yes',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Content-Type text/plain is not accepted: use application/json',
  },
  {
    label: 'a multipart operation documenting only 200 sent JSON',
    method: 'PUT',
    path: LOGO,
    headers: { ...AUTH, ...JSON_TYPE },
    body: '{}',
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Content-Type application/json is not accepted: use multipart/form-data',
  },
  {
    label: 'a path of no operation',
    method: 'GET',
    path: '/v1/no-such-thing',
    status: 404,
    code: 'NOT_FOUND',
    message: 'no operation at /v1/no-such-thing',
  },
  {
    label: 'a method the path lacks',
    method: 'DELETE',
    path: '/v1/rfi',
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
    message: 'method not allowed on /v1/rfi (allowed: GET)',
  },
];

describe('refusals', () => {
  it.for(REFUSED.map((refused) => /** @type {const} */ ([refused.label, refused])))(
    '%s',
    async ([, { method, path, headers = AUTH, body, status, code, message }]) => {
      const response = await fetch(`${mock.url}${path}`, { method, headers, body });
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toBe('application/json');
      const envelope = await response.json();
      expect(envelope).toMatchObject({ code, message });
      expect(envelope.details.map((/** @type {{ location: string }} */ d) => d.location).length).toBe(
        message.split('; ').length,
      );
    },
  );

  it('names location, name, rule and expectation of each violation in details', async () => {
    const response = await fetch(`${mock.url}/v1/rfi/not-a-uuid?includeTerminal=2`, { headers: AUTH });
    expect((await response.json()).details).toEqual([
      {
        location: 'path',
        name: 'rfiId',
        rule: 'format',
        message: 'path rfiId must match format "uuid"',
        expected: 'uuid',
      },
    ]);
    const list = await fetch(`${mock.url}/v1/rfi?includeTerminal=2`, { headers: AUTH });
    expect((await list.json()).details).toEqual([
      {
        location: 'query',
        name: 'includeTerminal',
        rule: 'type',
        message: 'query includeTerminal must be boolean',
        expected: 'boolean',
      },
    ]);
  });

  it('answers a 405 with Allow, and a multipart upload with its part', async () => {
    expect((await fetch(`${mock.url}/v1/rfi`, { method: 'DELETE', headers: AUTH })).headers.get('allow')).toBe('GET');
    expect((await fetch(`${mock.url}${ATTACH}`, { method: 'PUT', headers: AUTH, body: form('document') })).status).toBe(
      200,
    );
  });
});
