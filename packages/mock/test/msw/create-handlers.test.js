// createHandlers beyond what it shares with the server (handlers-parity.test.js): its base URL and what it leaves to
// MSW, the overrides (typed: msw-types.test-d.ts) held to the contract when served, and its mistakes, each refused in
// one message naming it and what would be right.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AnswerError, createHandlers, fixtures, OverrideError } from '../../src/msw.js';

const BASE_URL = 'https://payments.example.test/api';
const rfiId = 'd3b07384-d9a0-4c3b-9f6e-2b2d1a6f1e11';
const headers = { Authorization: 'Bearer t', AccountId: '0f8fad5b-d9cb-469f-a165-70867728950e' };

const mock = createHandlers({ baseUrl: `${BASE_URL}/` });
/** @type {string[]} what MSW was left to decide */
const unhandled = [];
const server = setupServer(...mock.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: (request) => void unhandled.push(request.url) }));
afterEach(() => {
  server.resetHandlers();
  mock.clearRequests();
  unhandled.length = 0;
});
afterAll(() => server.close());

/** @param {string} path @param {RequestInit} [init] */
async function send(path, init = { headers }) {
  const response = await fetch(`${BASE_URL}${path}`, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
}

describe('the base URL', () => {
  it('answers the contract under its path, and leaves every other request to MSW', async () => {
    expect(mock.baseUrl).toBe(BASE_URL);
    expect((await send('/v1/rfi')).status).toBe(200);
    // Under the base URL, a path of no operation is the mock's: refused as the server refuses it.
    expect((await send('/v1/no-such-thing')).body.message).toBe('no operation at /v1/no-such-thing');
    await fetch('https://payments.example.test/v1/rfi', { headers }).catch(() => undefined);
    await fetch('https://elsewhere.example.test/api/v1/rfi', { headers }).catch(() => undefined);
    expect(unhandled).toEqual(['https://payments.example.test/v1/rfi', 'https://elsewhere.example.test/api/v1/rfi']);
    expect(mock.requests().map(({ target }) => target)).toEqual(['/v1/rfi', '/v1/no-such-thing']);
  });

  it('is refused when missing or no absolute http(s) URL, saying what it wants', () => {
    const wanted =
      "createHandlers needs baseUrl, the URL your code sends its requests to (the server's root, without /v1, as the " +
      "client's baseUrl): createHandlers({ baseUrl: 'https://api.payments-connect.test' })";
    // @ts-expect-error baseUrl is required
    expect(() => createHandlers({})).toThrow(`${wanted}; got none`);
    // @ts-expect-error an options object is required
    expect(() => createHandlers()).toThrow(TypeError);
    expect(() => createHandlers({ baseUrl: '/api' })).toThrow(`${wanted}; got "/api", which is no absolute URL`);
    expect(() => createHandlers({ baseUrl: 'ftp://example.test' })).toThrow(
      `${wanted}; got ftp://example.test/, which is no http(s) URL`,
    );
  });
});

describe('an override', () => {
  it('answers its operation, with the request typed by the contract; the other operations are the mock’s', async () => {
    server.use(
      mock.override('getRfiCase', async ({ params, headers: given }) => ({
        status: 200,
        body: fixtures.getRfiCase.closedCase({ rfiId: params.rfiId }),
        headers: { 'X-Account': String(given.AccountId) },
      })),
    );
    const read = await send(`/v1/rfi/${rfiId}`);
    expect(read).toMatchObject({ status: 200, body: { rfiId, status: 'CLOSED' } });
    expect(read.headers.get('X-Account')).toBe(headers.AccountId);
    expect((await send('/v1/rfi')).body.items[0].status).toBe('OPEN');
    expect(mock.requests({ operationId: 'getRfiCase' })[0]?.notes).toEqual([
      "answered by the test's override of getRfiCase",
    ]);
  });

  it('leaves a request to the mock when it returns nothing, never sees one the contract refused', async () => {
    /** @type {string[]} */
    const seen = [];
    server.use(
      mock.override('getRfiCase', ({ params }) => {
        seen.push(params.rfiId);
        return undefined;
      }),
    );
    expect((await send(`/v1/rfi/${rfiId}`)).body).toEqual(fixtures.getRfiCase.openCase({ rfiId }));
    expect((await send('/v1/rfi/not-an-id')).status).toBe(400);
    expect(seen).toEqual([rfiId]);
  });

  it('that breaks the contract is answered 500 naming the override, the status, each field and rule', async () => {
    // The spec's case with two fields broken: whatever else the spec comes to require, these two are what is wrong.
    const body = { ...fixtures.getRfiCase.openCase({ rfiId }), rfiId: 'case-1', questions: {} };
    // @ts-expect-error what the compiler refuses, the contract refuses when it is served
    server.use(mock.override('getRfiCase', () => ({ status: 200, body })));
    const broken = await send(`/v1/rfi/${rfiId}`);
    expect(broken.status).toBe(500);
    expect(broken.body.code).toBe('INTERNAL_ERROR');
    expect(broken.body.message).toBe(
      'the override of getRfiCase answered 200, which breaks the contract: body rfiId (format): body/rfiId must ' +
        'match format "uuid"; body questions (type): body/questions must be array. Answer what getRfiCase documents ' +
        '(a fixture of its examples keeps it)',
    );
    expect(broken.body.details.map((/** @type {any} */ v) => [v.name, v.rule])).toEqual([
      ['rfiId', 'format'],
      ['questions', 'type'],
    ]);
    // @ts-expect-error getRfiCase documents no 409
    server.use(mock.override('getRfiCase', () => ({ status: 409, body: fixtures.answerRfiQuestion.rfiNotOpen() })));
    expect((await send(`/v1/rfi/${rfiId}`)).body.message).toContain(
      'status 409 (documented): status 409 is not documented for getRfiCase ' +
        '(documented: 200, 400, 401, 403, 404, 405, 429, 500)',
    );
    // @ts-expect-error an override answers { status, body }
    server.use(mock.override('getRfiCase', () => 'closed'));
    expect((await send(`/v1/rfi/${rfiId}`)).body.message).toBe(
      'the override of getRfiCase answered "closed": an override answers { status, body?, headers? }',
    );
  });

  it('of an operation the contract lacks, or that is no function, is refused as it is given', () => {
    // @ts-expect-error the contract has no getRfiCas
    expect(() => mock.override('getRfiCas', () => undefined)).toThrow(
      new OverrideError('getRfiCas', 'no operation getRfiCas in the contract; did you mean getRfiCase?'),
    );
    // @ts-expect-error the contract has no getRfiCas
    expect(() => createHandlers({ baseUrl: BASE_URL, overrides: { getRfiCas: () => undefined } })).toThrow(
      'overrides.getRfiCas: no operation getRfiCas in the contract; did you mean getRfiCase?',
    );
    // @ts-expect-error an override is a function
    expect(() => mock.override('getRfiCase', { status: 200 })).toThrow(
      'overrides.getRfiCase: an override is a function of the request returning { status, body }, got object',
    );
  });
});

describe('the answers configured', () => {
  it('are refused for an operation or an answer the contract does not have, naming what there is', () => {
    expect(() => mock.setAnswer('getRfiCase', 'code=409')).toThrow(AnswerError);
    expect(() => createHandlers({ baseUrl: BASE_URL, answers: { getRfiCase: 'code=409' } })).toThrow(
      'answers.getRfiCase: code=409: getRfiCase documents 400, 401, 403, 404, 405, 429, 200, 500',
    );
  });

  it('generate an answer in Node, as the server does, when asked (Prism, an optional peer)', async () => {
    const generated = await send('/v1/rfi', { headers: { ...headers, Prefer: 'dynamic=true, seed=7' } });
    expect(generated).toMatchObject({ status: 200, body: { items: expect.any(Array) } });
    expect(generated.headers.get('Preference-Applied')).toBe('dynamic=true, seed=7');
  });
});
