// The request checks of the contract, on the bundled document: which status refuses a request, and a message
// and details that name what is actually wrong.
import { describe, expect, it } from 'vitest';
import { createContract, loadContract, MAX_JSON_DEPTH } from '../src/contract.js';
import { smallContractDocument } from './fixtures/small-contract.js';

const contract = loadContract();
const RFI_ID = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';
const QUESTION_ID = '0b6e7f3a-2c1d-4e5f-8a9b-7c6d5e4f3a2b';
const ANSWER = `/v1/rfi/${RFI_ID}/questions/${QUESTION_ID}/answer`;
const ATTACH = `/v1/rfi/${RFI_ID}/document-requests/${QUESTION_ID}/document`;
const GOOD_HEADERS = { authorization: ['Bearer token-1'], accountid: ['acc-1'] };

/**
 * Runs the head and, when the head passes, the body check; returns status and messages.
 * @param {string} method
 * @param {string} target
 * @param {{ headers?: Record<string, string[]>, body?: string | Uint8Array }} [request]
 */
async function check(method, target, { headers = {}, body } = {}) {
  const match = contract.match(method, target);
  if (match.kind !== 'matched') throw new Error(`${method} ${target}: ${match.kind}`);
  /** @type {Record<string, string[]>} */
  const all = { ...GOOD_HEADERS, ...headers };
  if (body !== undefined && !all['content-length']) all['content-length'] = [String(Buffer.byteLength(body))];
  const head = contract.checkRequestHead(match.operation, {
    headers: all,
    pathParams: match.pathParams,
    query: match.query,
  });
  if (head.status === 401 || head.status === 415)
    return { status: head.status, messages: head.violations.map((v) => v.message), head };
  const bytes = body === undefined ? undefined : typeof body === 'string' ? Buffer.from(body) : body;
  const checked = await contract.checkRequestBody(match.operation, { headers: all, body: bytes });
  const violations = [...head.violations, ...checked.violations];
  return { status: violations.length > 0 ? 400 : undefined, messages: violations.map((v) => v.message), head, checked };
}
const json = { 'content-type': ['application/json'] };

describe('the bearer token (401 before anything else)', () => {
  it.for([
    ['missing', {}, 'header Authorization is required (Bearer token)'],
    ['not Bearer', { authorization: ['Basic Y2xpZW50OnNlY3JldA=='] }, 'header Authorization must be "Bearer <token>"'],
    ['without a token', { authorization: ['Bearer'] }, 'header Authorization must be "Bearer <token>"'],
    ['sent twice', { authorization: ['Bearer a', 'Bearer b'] }, 'header Authorization must be sent once'],
  ])('%s', async ([, headers, message]) => {
    const verdict = await check('GET', '/v1/rfi', {
      headers: { authorization: [], .../** @type {object} */ (headers) },
    });
    expect(verdict).toMatchObject({ status: 401, messages: [message] });
    expect(verdict.head.violations[0]?.location).toBe('security');
  });

  it('is not asked of the token operation', async () => {
    expect(
      (
        await check('POST', '/auth/token', {
          headers: { ...json, authorization: [] },
          body: '{"clientId":"a","clientSecret":"b"}',
        })
      ).status,
    ).toBeUndefined();
  });
});

describe('the media type (415)', () => {
  it.for([
    [
      'a JSON operation sent text/plain',
      ANSWER,
      { 'content-type': ['text/plain'] },
      'Content-Type text/plain is not accepted: use application/json',
    ],
    [
      'JSON under another media type',
      ANSWER,
      { 'content-type': ['application/merge-patch+json'] },
      'Content-Type application/merge-patch+json is not accepted: use application/json',
    ],
    ['a body without Content-Type', ANSWER, {}, 'header Content-Type is required with a body: use application/json'],
    [
      'a malformed Content-Type',
      ANSWER,
      { 'content-type': [';;;=;'] },
      'header Content-Type ";;;=;" is malformed: use application/json',
    ],
    [
      'a multipart operation sent JSON',
      ATTACH,
      json,
      'Content-Type application/json is not accepted: use multipart/form-data',
    ],
  ])('%s', async ([, target, headers, message]) => {
    const sent = { headers: /** @type {Record<string, string[]>} */ (headers), body: '{"answer":"x"}' };
    expect(await check('PUT', /** @type {string} */ (target), sent)).toMatchObject({
      status: 415,
      messages: [message],
    });
  });

  it('a body-less operation takes a JSON body, and refuses another where it documents 415', async () => {
    const refresh = `/v1/collections/payment-requests/${RFI_ID}/refresh-session`;
    expect((await check('PUT', refresh, { headers: json, body: '{}' })).status).toBeUndefined();
    expect(await check('PUT', refresh, { headers: { 'content-type': ['text/plain'] }, body: 'x' })).toMatchObject({
      status: 415,
    });
  });
});

describe('parameters (400)', () => {
  it('a missing AccountId, named', async () => {
    const verdict = await check('GET', '/v1/rfi', { headers: { accountid: [] } });
    expect(verdict.messages).toEqual(['header AccountId is required']);
  });

  it('a header sent twice, an empty one counted as missing', async () => {
    expect((await check('GET', '/v1/rfi', { headers: { accountid: ['a', 'b'] } })).messages).toEqual([
      'header AccountId must be sent once',
    ]);
    expect((await check('GET', '/v1/rfi', { headers: { accountid: ['  '] } })).messages).toEqual([
      'header AccountId is required',
    ]);
  });

  it('a path id that is not a UUID', async () => {
    expect((await check('GET', '/v1/rfi/not-a-uuid')).messages).toEqual(['path rfiId must match format "uuid"']);
  });

  it.for([
    ['maybe', 'query includeTerminal must be boolean'],
    ['', 'query includeTerminal must be boolean'],
  ])('includeTerminal=%j', async ([value, message]) => {
    expect((await check('GET', `/v1/rfi?includeTerminal=${value}`)).messages).toEqual([message]);
  });

  it('a scalar query parameter given twice, and the default when it is absent', async () => {
    expect((await check('GET', '/v1/rfi?includeTerminal=true&includeTerminal=false')).messages).toEqual([
      'query includeTerminal must be sent once',
    ]);
    expect((await check('GET', '/v1/rfi')).head.values.query).toEqual({ includeTerminal: false });
    expect((await check('GET', '/v1/rfi?includeTerminal=true')).head.values.query).toEqual({ includeTerminal: true });
  });

  it('types integers and arrays by their schema', () => {
    const small = createContract(smallContractDocument());
    const match = small.match('GET', '/items?tag=a,b&tag=c&limit=0');
    if (match.kind !== 'matched') throw new Error('no match');
    const verdict = small.checkRequestHead(match.operation, {
      headers: { authorization: ['Bearer x'] },
      pathParams: {},
      query: match.query,
    });
    expect(verdict.violations.map((v) => v.message)).toEqual(['query limit must be >= 1']);
    const ok = small.match('GET', '/items?tag=a,b&tag=c&limit=5');
    if (ok.kind !== 'matched') throw new Error('no match');
    const values = small.checkRequestHead(ok.operation, {
      headers: { authorization: ['Bearer x'] },
      pathParams: {},
      query: ok.query,
    }).values;
    expect(values.query).toEqual({ tag: ['a', 'b', 'c'], limit: 5 });
  });
});

describe('bodies (400)', () => {
  it.for([
    ['no body', undefined, ['body is required']],
    ['an empty object', '{}', ["body must have required property 'answer'"]],
    ['an empty answer', '{"answer":""}', ['body/answer must NOT have fewer than 1 characters']],
    ['a number for the answer', '{"answer":7}', ['body/answer must be string']],
    ['JSON that does not parse', '{"answer": ', [expect.stringMatching(/^body is not valid JSON \(/)]],
  ])('%s', async ([, body, messages]) => {
    expect(await check('PUT', ANSWER, { headers: json, body: /** @type {string | undefined} */ (body) })).toMatchObject(
      { status: 400, messages },
    );
  });

  it(`JSON nested deeper than ${MAX_JSON_DEPTH} levels is refused before it is parsed`, async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect((await check('PUT', ANSWER, { headers: json, body: deep })).messages).toEqual([
      `body nests 5000 levels deep, more than the ${MAX_JSON_DEPTH} accepted`,
    ]);
  });

  it('reports every violation of a request at once, with details naming location and rule', async () => {
    const verdict = await check('PUT', `/v1/rfi/${RFI_ID}/questions/12345/answer`, {
      headers: { ...json, accountid: [] },
      body: '{}',
    });
    const refusal = contract.refusal(400, [...verdict.head.violations, ...(verdict.checked?.violations ?? [])]);
    expect(refusal.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message:
        'header AccountId is required; path questionId must match format "uuid"; ' +
        "body must have required property 'answer'",
      details: [
        { location: 'header', name: 'AccountId', rule: 'required' },
        { location: 'path', name: 'questionId', rule: 'format', expected: 'uuid' },
        { location: 'body', name: 'answer', rule: 'required', expected: 'answer' },
      ],
    });
  });
});

describe('multipart bodies (400)', () => {
  /** @param {FormData} form */
  async function encoded(form) {
    const request = new Request('http://x/', { method: 'PUT', body: form });
    return {
      type: /** @type {string} */ (request.headers.get('content-type')),
      bytes: new Uint8Array(await request.arrayBuffer()),
    };
  }

  it('takes a form with its required part, and describes the parts', async () => {
    const form = new FormData();
    form.append('document', new File(['%PDF-1.4'], 'evidence.pdf', { type: 'application/pdf' }));
    const { type, bytes } = await encoded(form);
    const verdict = await check('PUT', ATTACH, { headers: { 'content-type': [type] }, body: bytes });
    expect(verdict.status).toBeUndefined();
    expect(verdict.checked?.parts).toEqual({
      document: { fileName: 'evidence.pdf', contentType: 'application/pdf', size: 8 },
    });
  });

  it('names a missing or empty required part', async () => {
    const form = new FormData();
    form.append('attachment', new File(['x'], 'a.pdf'));
    const missing = await encoded(form);
    expect(
      (await check('PUT', ATTACH, { headers: { 'content-type': [missing.type] }, body: missing.bytes })).messages,
    ).toEqual(['body part document is required']);
    const empty = new FormData();
    empty.append('document', new File([], 'a.pdf'));
    const sent = await encoded(empty);
    expect(
      (await check('PUT', ATTACH, { headers: { 'content-type': [sent.type] }, body: sent.bytes })).messages,
    ).toEqual(['body part document must not be empty']);
  });

  it('a multipart body without boundary, or one that does not parse', async () => {
    expect(
      (await check('PUT', ATTACH, { headers: { 'content-type': ['multipart/form-data'] }, body: 'x' })).messages,
    ).toEqual(['multipart/form-data body has no boundary parameter in its Content-Type']);
    const broken = await check('PUT', ATTACH, {
      headers: { 'content-type': ['multipart/form-data; boundary=zz'] },
      body: 'garbage',
    });
    expect(broken.messages).toEqual([
      'body is not valid multipart/form-data (it holds no delimiter --zz, the boundary its Content-Type names)',
    ]);
    const cut = await check('PUT', ATTACH, {
      headers: { 'content-type': ['multipart/form-data; boundary=zz'] },
      body: '--zz\r\nContent-Disposition: form-data; name="document"; filename="a.pdf"\r\n\r\n%PDF',
    });
    expect(cut.messages).toEqual(['body is not valid multipart/form-data (Unexpected end of multipart data)']);
    expect(cut.checked?.violations[0]).toMatchObject({ location: 'body', name: '', rule: 'multipart' });
  });

  it('takes parameter values as tokens, and a file part sent without a file name, named after the part', async () => {
    // As Ktor (Specmatic's client) writes it: RFC 2183 allows a token where a quoted string may stand.
    const body = [
      '--b\r\nContent-Disposition: form-data; name=document\r\nContent-Type: text/plain\r\nContent-Length: 8\r\n\r\n',
      '%PDF-1.4\r\n--b--\r\n',
    ].join('');
    const verdict = await check('PUT', ATTACH, {
      headers: { 'content-type': ['multipart/form-data; boundary=b'] },
      body,
    });
    expect(verdict.status).toBeUndefined();
    expect(verdict.checked?.parts).toEqual({ document: { fileName: 'document', contentType: 'text/plain', size: 8 } });
  });

  it('holds a part named __proto__ like any other', async () => {
    const form = new FormData();
    form.append('__proto__', new File(['x'], 'p.pdf'));
    form.append('document', new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }));
    const { type, bytes } = await encoded(form);
    const verdict = await check('PUT', ATTACH, { headers: { 'content-type': [type] }, body: bytes });
    expect(verdict.status).toBeUndefined();
    expect(Object.keys(verdict.checked?.parts ?? {})).toEqual(['__proto__', 'document']);
  });
});
