// The validator must be able to fail, and say why in a way a reader can act on.
import { describe, expect, it } from 'vitest';
import { createResponseValidator } from '../src/response-validator.js';
import { loadBundledSpec } from '../src/spec-document.js';

const validator = createResponseValidator(loadBundledSpec());
const RFI_ID = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';
const json = (status, body, headers = {}) => ({
  status,
  headers: new Headers({ 'content-type': 'application/json', ...headers }),
  bodyText: JSON.stringify(body),
});
const check = (method, path, answer) => validator.check({ method, url: `http://target${path}`, ...answer });

describe('createResponseValidator', () => {
  it('accepts an answer that keeps the contract', () => {
    const verdict = check(
      'GET',
      `/v1/rfi/${RFI_ID}`,
      json(200, { rfiId: RFI_ID, status: 'CLOSED', questions: [], documentRequests: [] }),
    );
    expect(verdict.operation.operationId).toBe('getRfiCase');
    expect(verdict.problems).toEqual([]);
  });

  it('explains a body that breaks the schema, marking the lines', () => {
    const verdict = check('GET', `/v1/rfi/${RFI_ID}`, json(200, { rfiId: 'nope', questions: [{ answer: 7 }] }));
    const report = verdict.problems.join('\n');
    expect(report).toContain('at /rfiId: must match format "uuid"');
    expect(report).toContain("at /questions/0: must have required property 'questionId'");
    expect(report).toContain('at /questions/0/answer: must be string');
    expect(report).toContain('"rfiId": "nope",  ◀ must match format "uuid"');
    expect(report).toContain('"answer": 7  ◀ must be string');
  });

  it('resolves $refs into components (the error envelope) and collapses anyOf branches to one line', () => {
    const verdict = check('GET', '/v1/rfi', json(404, { code: 404 }));
    expect(verdict.problems.join('\n')).toContain("at (root): must have required property 'message'");
    expect(verdict.problems.filter((line) => line.startsWith('  at /code:'))).toHaveLength(1);
  });

  it('refuses a status the operation does not document', () => {
    expect(check('GET', '/v1/rfi', json(409, { code: 'CONFLICT', message: 'x' })).problems).toEqual([
      expect.stringContaining('status 409 is not documented for listRfiCases'),
    ]);
  });

  it('refuses an undocumented media type and a body where none is documented', () => {
    const html = { status: 200, headers: new Headers({ 'content-type': 'text/html' }), bodyText: '<p>hi</p>' };
    expect(check('GET', '/v1/rfi', html).problems[0]).toContain('content-type "text/html" is not documented');
    const bodyOn204 = { status: 204, headers: new Headers(), bodyText: 'x' };
    expect(check('DELETE', `/v1/account/users/${RFI_ID}`, bodyOn204).problems[0]).toContain('documents no body');
  });

  it('checks documented headers', () => {
    const answer = json(429, { code: 'TOO_MANY_REQUESTS', message: 'slow down' }, { 'retry-after': '2' });
    expect(check('GET', '/v1/rfi', answer).problems).toEqual([]);
  });

  it('refuses a request no operation answers', () => {
    expect(check('PATCH', '/v1/rfi', json(200, {})).problems[0]).toContain(
      'no operation of the spec answers PATCH /v1/rfi',
    );
  });

  it('checks a 405 for a method the path lacks against the 405 its operations document', () => {
    const verdict = check('PATCH', '/v1/rfi', json(405, { code: 'METHOD_NOT_ALLOWED', message: 'no PATCH here' }));
    expect(verdict.operation.operationId).toBe('listRfiCases');
    expect(verdict.problems).toEqual([]);
    expect(check('PATCH', '/v1/rfi', json(405, { message: 'no code' })).problems.join('\n')).toContain(
      "must have required property 'code'",
    );
  });
});
