// Requests the contract refuses, one table for every target: the mock and the emulator (and a sandbox) must give
// each the same status, in the error envelope, with the code the spec gives that status. Codes outside the RFI
// area are the spec's illustrative ones (the document does not show them): a sandbox that answers another code
// fails the row, and the spec learns the real one.
import { MAX_JSON_DEPTH } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { pathIds, useConformanceSession } from '../src/test-context.js';
import { CONFORMANCE_ANSWER, pdfDocument } from './support/operation-calls.js';

const session = useConformanceSession();
const json = { 'content-type': 'application/json' };
const answerBody = JSON.stringify({ answer: CONFORMANCE_ANSWER });

/** @typedef {import('../src/conformance-session.js').RawOptions} RawOptions */

/**
 * @typedef {object} Ids
 * @property {string} rfiId
 * @property {string} questionId
 * @property {string} documentRequestId
 * @property {string} paymentRequestId
 * @property {string} userId
 */

/**
 * One refused request.
 * @typedef {object} BadRequest
 * @property {string} name what is wrong with it
 * @property {string} method
 * @property {(ids: Ids) => string} path
 * @property {RawOptions | ((ids: Ids) => RawOptions)} [send]
 * @property {number} status
 */

const answer = (/** @type {Ids} */ ids) => `/v1/rfi/${ids.rfiId}/questions/${ids.questionId}/answer`;
const attach = (/** @type {Ids} */ ids) => `/v1/rfi/${ids.rfiId}/document-requests/${ids.documentRequestId}/document`;
const responses = (/** @type {Ids} */ ids) => `/v1/rfi/${ids.rfiId}/responses`;
const refresh = (/** @type {Ids} */ ids) => `/v1/collections/payment-requests/${ids.paymentRequestId}/refresh-session`;
/** @param {(form: FormData) => void} fill */
const multipart = (fill) => {
  const form = new FormData();
  fill(form);
  return { body: form };
};

/** @type {BadRequest[]} */
const BAD_REQUESTS = [
  // Account context and identifiers
  { name: 'no AccountId header', method: 'GET', path: () => '/v1/rfi', send: { accountId: false }, status: 400 },
  {
    name: 'an empty AccountId header',
    method: 'GET',
    path: () => '/v1/rfi',
    send: { accountId: false, headers: { AccountId: '' } },
    status: 400,
  },
  { name: 'a case id that is no UUID', method: 'GET', path: () => '/v1/rfi/not-a-uuid', status: 400 },
  {
    name: 'a question id that is no UUID, on a write',
    method: 'PUT',
    path: (ids) => answer({ ...ids, questionId: '12345' }),
    send: { headers: json, body: answerBody },
    status: 400,
  },
  { name: 'a user id that is no UUID', method: 'DELETE', path: () => '/v1/account/users/0', status: 400 },
  // The query
  { name: 'includeTerminal=maybe', method: 'GET', path: () => '/v1/rfi?includeTerminal=maybe', status: 400 },
  { name: 'includeTerminal empty', method: 'GET', path: () => '/v1/rfi?includeTerminal=', status: 400 },
  { name: 'includeTerminal=1', method: 'GET', path: () => '/v1/rfi?includeTerminal=1', status: 400 },
  {
    name: 'includeTerminal given twice',
    method: 'GET',
    path: () => '/v1/rfi?includeTerminal=true&includeTerminal=false',
    status: 400,
  },
  // The bearer token
  { name: 'no Authorization header', method: 'GET', path: () => '/v1/rfi', send: { bearer: false }, status: 401 },
  {
    name: 'a Basic Authorization header',
    method: 'GET',
    path: () => '/v1/rfi',
    send: { bearer: 'Basic Y2xpZW50OnNlY3JldA==' },
    status: 401,
  },
  { name: 'Bearer without a token', method: 'GET', path: () => '/v1/rfi', send: { bearer: 'Bearer' }, status: 401 },
  {
    name: 'no Authorization and no AccountId: 401 first',
    method: 'GET',
    path: () => '/v1/rfi',
    send: { bearer: false, accountId: false },
    status: 401,
  },
  // Routing
  { name: 'a path of no operation', method: 'GET', path: () => '/v1/nothing-here', status: 404 },
  { name: 'an empty path segment', method: 'GET', path: (ids) => `/v1/rfi//${ids.rfiId}`, status: 404 },
  { name: 'a path below an operation', method: 'GET', path: (ids) => `/v1/rfi/${ids.rfiId}/nothing`, status: 404 },
  { name: 'DELETE on the case list', method: 'DELETE', path: () => '/v1/rfi', status: 405 },
  { name: 'POST on a case', method: 'POST', path: (ids) => `/v1/rfi/${ids.rfiId}`, status: 405 },
  { name: 'PATCH on a user', method: 'PATCH', path: (ids) => `/v1/account/users/${ids.userId}`, status: 405 },
  // Media types
  {
    name: 'a JSON write sent as text/plain',
    method: 'PUT',
    path: answer,
    send: { headers: { 'content-type': 'text/plain' }, body: CONFORMANCE_ANSWER },
    status: 415,
  },
  {
    name: 'a JSON write sent as application/merge-patch+json',
    method: 'PUT',
    path: answer,
    send: { headers: { 'content-type': 'application/merge-patch+json' }, body: answerBody },
    status: 415,
  },
  {
    name: 'a malformed Content-Type',
    method: 'PUT',
    path: answer,
    send: { headers: { 'content-type': ';;;=;' }, body: answerBody },
    status: 415,
  },
  {
    name: 'a multipart write sent as JSON',
    method: 'PUT',
    path: attach,
    send: { headers: json, body: '{"document":"not a file"}' },
    status: 415,
  },
  {
    name: 'a body-less write sent a text body',
    method: 'PUT',
    path: refresh,
    send: { headers: { 'content-type': 'text/plain' }, body: 'refresh' },
    status: 415,
  },
  // Bodies
  { name: 'an answer write without body', method: 'PUT', path: answer, send: { headers: json }, status: 400 },
  { name: 'an answer write of {}', method: 'PUT', path: answer, send: { headers: json, body: '{}' }, status: 400 },
  {
    name: 'an empty answer',
    method: 'PUT',
    path: answer,
    send: { headers: json, body: '{"answer":""}' },
    status: 400,
  },
  {
    name: 'an answer that is a number',
    method: 'PUT',
    path: answer,
    send: { headers: json, body: '{"answer":42}' },
    status: 400,
  },
  {
    name: 'a body that is not JSON',
    method: 'PUT',
    path: answer,
    send: { headers: json, body: '{"answer": ' },
    status: 400,
  },
  {
    name: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
    method: 'PUT',
    path: answer,
    send: { headers: json, body: `{"answer":${'['.repeat(200)}${']'.repeat(200)}}` },
    status: 400,
  },
  {
    name: 'bulk responses without answers',
    method: 'PUT',
    path: responses,
    send: { headers: json, body: '{}' },
    status: 400,
  },
  {
    name: 'bulk responses with an empty answer',
    method: 'PUT',
    path: responses,
    send: (ids) => ({ headers: json, body: JSON.stringify({ answers: [{ questionId: ids.questionId, answer: '' }] }) }),
    status: 400,
  },
  {
    name: 'a multipart body without boundary',
    method: 'PUT',
    path: attach,
    send: { headers: { 'content-type': 'multipart/form-data' }, body: 'x' },
    status: 400,
  },
  {
    name: 'a multipart body without its document part',
    method: 'PUT',
    path: attach,
    send: multipart((form) => form.append('attachment', pdfDocument())),
    status: 400,
  },
  {
    name: 'a multipart body with an empty document part',
    method: 'PUT',
    path: attach,
    send: multipart((form) => form.append('document', new File([], 'empty.pdf', { type: 'application/pdf' }))),
    status: 400,
  },
  {
    name: 'a token request without body',
    method: 'POST',
    path: () => '/auth/token',
    send: { bearer: false, headers: json },
    status: 400,
  },
  {
    name: 'a token request without clientSecret',
    method: 'POST',
    path: () => '/auth/token',
    send: { bearer: false, headers: json, body: '{"clientId":"conformance"}' },
    status: 400,
  },
];

describe('requests the contract refuses', () => {
  it.for(BAD_REQUESTS.map((request) => /** @type {const} */ ([`${request.name}: ${request.status}`, request])))(
    '%s',
    async ([, { method, path, send, status }], context) => {
      const found = pathIds(context, session.target, ['rfiId', 'questionId', 'documentRequestId']);
      const ids = /** @type {Ids} */ ({
        ...found,
        ...pathIds(context, session.target, ['paymentRequestId', 'userId']),
      });
      const options = typeof send === 'function' ? send(ids) : send;
      const response = await session.raw(method, path(ids), options);
      const judged = await session.expectConforms(response, { status });
      const operation = judged.operationId ? session.contract.operation(judged.operationId) : undefined;
      expect(judged.body.code).toBe(session.contract.errorCode(status, operation));
      expect(judged.body.message).toEqual(expect.any(String));
    },
  );
});
