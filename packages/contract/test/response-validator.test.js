// Judging answers: one rule for which documented response a status falls under, and readable reasons.
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { createContract, loadContract } from '../src/contract.js';
import { summariseSchemaErrors } from '../src/model/schema-issues.js';
import { smallContractDocument } from './fixtures/small-contract.js';

const contract = loadContract();
const small = createContract(smallContractDocument());
/** A case that keeps the contract: the spec's own example. */
const CLOSED_CASE = contract.responseExample('getRfiCase', 'closedCase');
const RFI_ID = CLOSED_CASE.rfiId;
/** @param {number} status @param {unknown} body @param {Record<string, string>} [headers] */
const json = (status, body, headers = {}) => ({
  status,
  headers: new Headers({ 'content-type': 'application/json', ...headers }),
  bodyText: JSON.stringify(body),
});
/** @param {string} method @param {string} target @param {ReturnType<typeof json>} answer */
const judge = (method, target, answer) => contract.validateExchange({ method, target, ...answer });

describe('findDocumentedResponse', () => {
  it('takes the exact status, else its range, else default', () => {
    const listItems = small.operation('listItems');
    if (!listItems) throw new Error('no listItems');
    expect(small.findDocumentedResponse(listItems, 200)?.status).toBe('200');
    expect(small.findDocumentedResponse(listItems, 404)?.status).toBe('4XX');
    expect(small.findDocumentedResponse(listItems, 503)?.status).toBe('default');
  });
});

describe('validateExchange', () => {
  it('accepts an answer that keeps the contract', () => {
    const verdict = judge('GET', `/v1/rfi/${RFI_ID}`, json(200, CLOSED_CASE));
    expect(verdict.operation?.operationId).toBe('getRfiCase');
    expect(verdict.problems).toEqual([]);
  });

  it('explains a body that breaks the schema, marking the lines', () => {
    const verdict = judge('GET', `/v1/rfi/${RFI_ID}`, json(200, { rfiId: 'nope', questions: [{ answer: 7 }] }));
    const report = contract.describeResponseProblems(verdict).join('\n');
    expect(report).toContain('at /rfiId: must match format "uuid"');
    expect(report).toContain("at /questions/0: must have required property 'questionId'");
    expect(report).toContain('"rfiId": "nope",  ◀ must match format "uuid"');
    expect(report).toContain('"answer": 7  ◀ must be string');
  });

  it('collapses anyOf branches to one issue per place', () => {
    const verdict = judge('GET', '/v1/rfi', json(404, { code: 404 }));
    const issues = verdict.problems.flatMap((p) => p.issues ?? []);
    expect(issues.filter((issue) => issue.path === '/code')).toHaveLength(1);
    expect(issues).toContainEqual(expect.objectContaining({ path: '', keyword: 'required', expected: 'message' }));
    // What the anyOf wanted, in words: each branch's wants, joined by or.
    expect(issues).toContainEqual(
      expect.objectContaining({
        path: '/code',
        keyword: 'anyOf',
        expected: 'one of ["VALIDATION_FAILED","NOT_FOUND","CONFLICT"], or a string',
      }),
    );
  });

  it('says what a oneOf wanted in words, branch by branch, and when more than one branch matched', () => {
    const ajv = new Ajv2020({ allErrors: true });
    /** @type {import('ajv-formats').FormatsPlugin} */ (/** @type {unknown} */ (ajvFormats))(ajv);
    const validate = ajv.compile({
      oneOf: [
        { type: 'object', required: ['answer'] },
        { type: 'object', required: ['documentId'], properties: { documentId: { type: 'string', format: 'uuid' } } },
        { type: 'null' },
      ],
    });
    /** @param {unknown} value */
    const expected = (value) => {
      validate(value);
      return summariseSchemaErrors(validate.errors ?? []).map((issue) => issue.expected);
    };
    expect(expected({ documentId: 'x' })).toEqual(['an object with answer, or documentId: a uuid string, or null']);
    expect(expected({ answer: 'yes', documentId: RFI_ID })).toEqual([
      'exactly one of its schemas (it matched 0 and 1)',
    ]);
  });

  it('refuses an undocumented status, still holding an error body to the envelope', () => {
    const verdict = judge('GET', '/v1/rfi', json(409, { message: 'x' }));
    expect(verdict.problems.map((p) => p.kind)).toEqual(['undocumented-status', 'body']);
    expect(verdict.problems[0]?.message).toContain('status 409 is not documented for listRfiCases');
  });

  it('refuses an undocumented media type, and a body where none is documented', () => {
    const html = { status: 200, headers: new Headers({ 'content-type': 'text/html' }), bodyText: '<p>hi</p>' };
    expect(judge('GET', '/v1/rfi', html).problems[0]?.message).toContain('content-type "text/html" is not documented');
    const bodyOn204 = { status: 204, headers: new Headers(), bodyText: 'x' };
    expect(judge('DELETE', `/v1/account/users/${RFI_ID}`, bodyOn204).problems[0]?.message).toContain(
      'documents no body',
    );
  });

  it('checks documented headers: a required one missing, a value of the wrong type', () => {
    const putItem = small.operation('putItem');
    if (!putItem) throw new Error('no putItem');
    const answer = { status: 200, headers: { 'Content-Type': 'application/json' }, bodyText: '{"name":"n"}' };
    expect(small.validateResponse(putItem, answer).problems.map((p) => p.message)).toEqual([
      'required header X-Count is missing',
    ]);
    const wrong = small.validateResponse(putItem, { ...answer, headers: { ...answer.headers, 'x-count': 'many' } });
    expect(wrong.problems.map((p) => p.message)).toEqual(['header X-Count: "many" must be integer']);
    expect(
      judge('GET', '/v1/rfi', json(429, { code: 'TOO_MANY_REQUESTS', message: 'slow' }, { 'retry-after': '2' }))
        .problems,
    ).toEqual([]);
  });

  it('judges a 405 by the 405 of the path, and refuses an answer no operation gives', () => {
    expect(judge('PATCH', '/v1/rfi', json(405, { code: 'METHOD_NOT_ALLOWED', message: 'no' })).problems).toEqual([]);
    expect(judge('PATCH', '/v1/rfi', json(200, {})).problems[0]?.message).toBe(
      'no operation of the contract answers PATCH /v1/rfi',
    );
  });
});

describe('the violations of a problem', () => {
  const violationsOf = (/** @type {ReturnType<typeof judge>} */ verdict) =>
    verdict.problems.flatMap((problem) => problem.violations);

  it('name each place in the body, its rule and a sentence that reads whole, as a request violation does', () => {
    const verdict = judge('GET', `/v1/rfi/${RFI_ID}`, json(200, { rfiId: 'nope', questions: [{ answer: 7 }] }));
    const violations = violationsOf(verdict);
    expect(violations).toContainEqual({
      location: 'body',
      name: 'rfiId',
      rule: 'format',
      message: 'body/rfiId must match format "uuid"',
      expected: 'uuid',
    });
    expect(violations).toContainEqual({
      location: 'body',
      name: 'questions/0/questionId',
      rule: 'required',
      message: "body/questions/0 must have required property 'questionId'",
      expected: 'questionId',
    });
    for (const { message } of violations) expect(message).not.toMatch(/:$/);
  });

  it('name the status, the header and the media type', () => {
    const undocumented = violationsOf(judge('GET', '/v1/rfi', json(409, { code: 'CONFLICT', message: 'x' })));
    expect(undocumented).toEqual([expect.objectContaining({ location: 'status', name: '409', rule: 'documented' })]);
    expect(undocumented[0]?.message).toContain('status 409 is not documented for listRfiCases');
    const html = { status: 200, headers: new Headers({ 'content-type': 'text/html' }), bodyText: '<p>hi</p>' };
    expect(violationsOf(judge('GET', '/v1/rfi', html))).toEqual([
      expect.objectContaining({
        location: 'header',
        name: 'Content-Type',
        rule: 'media-type',
        expected: 'application/json',
      }),
    ]);
    const putItem = small.operation('putItem');
    if (!putItem) throw new Error('no putItem');
    const answer = { status: 200, headers: { 'Content-Type': 'application/json', 'x-count': 'many' }, bodyText: '{}' };
    expect(small.validateResponse(putItem, answer).problems.flatMap((problem) => problem.violations)).toContainEqual({
      location: 'header',
      name: 'X-Count',
      rule: 'type',
      message: 'header X-Count: "many" must be integer',
      expected: 'integer',
    });
    const notJson = { status: 200, headers: new Headers({ 'content-type': 'application/json' }), bodyText: '{' };
    expect(violationsOf(judge('GET', '/v1/rfi', notJson))).toEqual([
      expect.objectContaining({ location: 'body', name: '', rule: 'json', expected: 'JSON' }),
    ]);
  });
});

describe('validateResponse with the value the body was made from', () => {
  it('checks that value, not the text again, and answers it as the body', () => {
    const getRfiCase = contract.operation('getRfiCase');
    if (!getRfiCase) throw new Error('no getRfiCase');
    const kept = CLOSED_CASE;
    const answer = json(200, kept);
    const verdict = contract.validateResponse(getRfiCase, { ...answer, value: kept });
    expect(verdict).toMatchObject({ problems: [] });
    expect(verdict.body).toBe(kept);
    // The value is what is judged: one that breaks the schema is found even where the text would pass.
    const broken = contract.validateResponse(getRfiCase, { ...answer, value: { rfiId: 'nope' } });
    expect(broken.problems.map((problem) => problem.kind)).toEqual(['body']);
  });
});
