import { describe, expect, it } from 'vitest';
import { classifyPrismRefusal, serviceAnswerForPrismRefusal } from '../src/prism-error-envelope.js';

// Operations in the shape Prism reads them from a spec (only the fields the rewrite uses).
const envelope = (code, message) => ({
  mediaType: 'application/json',
  examples: [{ key: code.toLowerCase(), value: { code, message } }],
});
const operations = [
  {
    method: 'get',
    path: '/v1/things/{thingId}',
    responses: [
      { code: '200', contents: [] },
      { code: '400', contents: [envelope('VALIDATION_FAILED', 'documented 400')] },
      { code: '405', contents: [envelope('METHOD_NOT_ALLOWED', 'documented 405')] },
    ],
  },
  { method: 'put', path: '/v1/things/{thingId}/logo', responses: [{ code: '200', contents: [] }] },
];
const problem = (type, extra = {}) => ({
  status: 0,
  headers: { 'content-type': 'application/problem+json', 'content-length': '999', 'www-authenticate': 'Bearer' },
  body: { type: `https://stoplight.io/prism/errors#${type}`, title: 'Prism title', detail: 'Prism detail', ...extra },
});
const missingHeader = {
  location: ['header'],
  severity: 'Error',
  code: 'required',
  message: "Request header must have required property 'accountid'",
};

describe('classifyPrismRefusal', () => {
  it('maps Prism 422 to the service 400 with the violation messages', () => {
    expect(classifyPrismRefusal(problem('UNPROCESSABLE_ENTITY', { validation: [missingHeader] }))).toEqual({
      status: 400,
      message: missingHeader.message,
      violations: [missingHeader],
    });
  });

  it.each([
    ['UNAUTHORIZED', 401],
    ['NO_PATH_MATCHED_ERROR', 404],
    ['NO_METHOD_MATCHED_ERROR', 405],
    ['INVALID_CONTENT_TYPE', 415],
  ])('keeps the status of %s (%i)', (type, status) => {
    expect(classifyPrismRefusal(problem(type))?.status).toBe(status);
  });

  it.each(['NOT_FOUND', 'NOT_ACCEPTABLE', 'NO_RESPONSE_RESPONSE_DEFINED', 'VIOLATIONS'])(
    'leaves %s alone: it is about the mock, not the request',
    (type) => expect(classifyPrismRefusal(problem(type))).toBeUndefined(),
  );

  it("recognises the body parser's invalid JSON answer", () => {
    const answer = { status: 400, headers: {}, body: { error: { code: 'invalid_json', message: 'Invalid JSON' } } };
    expect(classifyPrismRefusal(answer)).toMatchObject({ status: 400, message: 'Request body: Invalid JSON' });
  });

  it("leaves the spec's own envelopes alone", () => {
    expect(
      classifyPrismRefusal({ status: 400, headers: {}, body: { code: 'VALIDATION_FAILED', message: 'x' } }),
    ).toBeUndefined();
  });
});

describe('serviceAnswerForPrismRefusal', () => {
  const request = (method, path) => ({ method, path });

  it("answers with the spec's example when the operation documents the status", () => {
    const answer = serviceAnswerForPrismRefusal(
      problem('UNPROCESSABLE_ENTITY', { validation: [missingHeader] }),
      request('GET', '/v1/things/abc'),
      operations,
    );
    expect(answer).toEqual({
      status: 400,
      headers: {
        'content-type': 'application/json',
        'www-authenticate': 'Bearer',
        'sl-violations': JSON.stringify([missingHeader]),
      },
      body: { code: 'VALIDATION_FAILED', message: 'documented 400' },
    });
  });

  it('answers a 405 with the example another operation of the path documents', () => {
    const answer = serviceAnswerForPrismRefusal(
      problem('NO_METHOD_MATCHED_ERROR'),
      request('DELETE', '/v1/things/abc'),
      operations,
    );
    expect(answer?.body).toEqual({ code: 'METHOD_NOT_ALLOWED', message: 'documented 405' });
  });

  it('builds the envelope, with the code the spec uses for that status, when the operation documents no such status', () => {
    const answer = serviceAnswerForPrismRefusal(
      problem('UNPROCESSABLE_ENTITY', { validation: [missingHeader] }),
      request('PUT', '/v1/things/abc/logo'),
      operations,
    );
    expect(answer?.status).toBe(400);
    expect(answer?.body).toEqual({ code: 'VALIDATION_FAILED', message: missingHeader.message });
  });

  it('falls back to the status text as code when no example of the spec shows one', () => {
    const answer = serviceAnswerForPrismRefusal(
      problem('INVALID_CONTENT_TYPE'),
      request('PUT', '/v1/things/abc/logo'),
      operations,
    );
    expect(answer?.body).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Prism detail' });
  });

  it('passes anything else through (undefined)', () => {
    expect(
      serviceAnswerForPrismRefusal(problem('NOT_FOUND'), request('GET', '/v1/things/abc'), operations),
    ).toBeUndefined();
  });
});
