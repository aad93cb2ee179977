// Answers configured per operation, over real HTTP on 127.0.0.1: given to startMock() and set at run time under
// /_mock/answers; what a request without preferences gets, a request's own Prefer winning, Preference-Applied and the
// journal's notes, and refusals that name what exists, the closest first. The command's flags are in cli.test.js.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMock } from '../src/index.js';

const HEADERS = { Authorization: 'Bearer t', AccountId: '0f8fad5b-d9cb-469f-a165-70867728950e' };
const RFI_ID = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';
const ANSWER_PATH = `/v1/rfi/${RFI_ID}/questions/6b1c5a7f-8c9d-4e0f-9a1b-2c3d4e5f6071/answer`;
const SCENARIO = { getRfiCase: 'example=closedCase', answerRfiQuestion: 'code=409, example=rfiNotOpen' };

/** @type {import('../src/index.js').RunningMock} */
let mock;
beforeAll(async () => {
  mock = await startMock({ answers: SCENARIO });
});
afterAll(() => mock?.stop());

/** @param {string} path @param {RequestInit} [init] */
const control = (path, init) => fetch(`${mock.url}/_mock${path}`, init);
/** @param {string} operationId @param {unknown} body */
const put = (operationId, body) =>
  control(`/answers/${operationId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
/** @param {Record<string, string>} [headers] */
const getCase = (headers = {}) => fetch(`${mock.url}/v1/rfi/${RFI_ID}`, { headers: { ...HEADERS, ...headers } });
const answerQuestion = () =>
  fetch(`${mock.url}${ANSWER_PATH}`, {
    method: 'PUT',
    headers: { ...HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ answer: 'yes' }),
  });

describe('answers given to startMock()', () => {
  beforeEach(async () => {
    // Back to the scenario the mock started with, whatever a test before changed.
    await control('/answers', { method: 'DELETE' });
    for (const [operationId, answer] of Object.entries(SCENARIO)) await put(operationId, { answer });
    mock.clearRequests();
  });

  it('answer a request that states no preference, and say so in Preference-Applied and the journal', async () => {
    const read = await getCase();
    expect(read.status).toBe(200);
    expect(read.headers.get('preference-applied')).toBe('example=closedCase');
    expect(await read.json()).toMatchObject({ status: 'CLOSED' });
    const conflict = await answerQuestion();
    expect(conflict.status).toBe(409);
    expect(conflict.headers.get('preference-applied')).toBe('code=409, example=rfiNotOpen');
    expect(await conflict.json()).toMatchObject({ code: 'CONFLICT' });
    expect(mock.requests().map((entry) => [entry.operationId, entry.status, entry.notes])).toEqual([
      ['getRfiCase', 200, ['preferences applied: example=closedCase (the answer configured for getRfiCase)']],
      [
        'answerRfiQuestion',
        409,
        ['preferences applied: code=409, example=rfiNotOpen (the answer configured for answerRfiQuestion)'],
      ],
    ]);
  });

  it("leave the other operations alone, and a request's own Prefer wins", async () => {
    const list = await fetch(`${mock.url}/v1/rfi`, { headers: HEADERS });
    expect(list.status).toBe(200);
    expect(list.headers.get('preference-applied')).toBeNull();
    const own = await getCase({ Prefer: 'example=cancelledCase' });
    expect(own.headers.get('preference-applied')).toBe('example=cancelledCase');
    expect(await own.json()).toMatchObject({ status: 'CANCELLED' });
    const byQuery = await fetch(`${mock.url}/v1/rfi/${RFI_ID}?__code=404`, { headers: HEADERS });
    expect(byQuery.status).toBe(404);
    expect(byQuery.headers.get('preference-applied')).toBe('code=404');
    const [, ownEntry, queryEntry] = mock.requests();
    expect(ownEntry?.notes).toEqual([
      "preferences applied: example=cancelledCase (the request's Prefer)",
      "the answer configured for getRfiCase (example=closedCase) not applied: the request's own preferences win",
    ]);
    expect(queryEntry?.notes[0]).toBe("preferences applied: code=404 (the request's __ parameters)");
  });

  it('apply under a Prefer of preferences meant for others only, which the journal says it ignored', async () => {
    const read = await getCase({ Prefer: 'return=minimal' });
    expect(await read.json()).toMatchObject({ status: 'CLOSED' });
    expect(mock.requests()[0]?.notes).toEqual([
      'Prefer return=minimal ignored: the mock takes code, example, dynamic, seed',
      'preferences applied: example=closedCase (the answer configured for getRfiCase)',
    ]);
  });

  it('do not spare an invalid request its refusal', async () => {
    const refused = await fetch(`${mock.url}/v1/rfi/${RFI_ID}`, { headers: { Authorization: 'Bearer t' } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('preference-applied')).toBeNull();
  });

  it('are refused at start if the operation or answer is not in the contract: a TypeError, closest first', async () => {
    await expect(startMock({ answers: { getRfiCas: 'example=closedCase' } })).rejects.toThrow(
      /^answers\.getRfiCas: no operation getRfiCas in the contract; it has getRfiCase, listRfiCases, /,
    );
    await expect(startMock({ answers: { getRfiCase: 'code=409' } })).rejects.toThrow(
      'answers.getRfiCase: code=409: getRfiCase documents 400, 401, 403, 404, 405, 429, 200, 500',
    );
    await expect(startMock({ answers: { answerRfiQuestion: 'code=409, example=rfiNotOpne' } })).rejects.toThrow(
      'answers.answerRfiQuestion: example=rfiNotOpne: the 409 of answerRfiQuestion has examples rfiNotOpen, ' +
        'rfiItemAlreadyApproved',
    );
    await expect(startMock({ answers: { getRfiCase: 'exmaple=closedCase' } })).rejects.toThrow(
      'answers.getRfiCase: exmaple=closedCase is no preference of the mock: it takes example, code, dynamic, seed',
    );
    // @ts-expect-error an answer is a string
    await expect(startMock({ answers: { getRfiCase: 409 } })).rejects.toBeInstanceOf(TypeError);
  });
});

describe('answers at run time: /_mock/answers', () => {
  beforeEach(() => control('/answers', { method: 'DELETE' }));

  it('PUT sets one and says what it answers with; GET lists them as a scenario; DELETE forgets', async () => {
    const set = await put('listRfiCases', { answer: ' code=429 ' });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({
      operationId: 'listRfiCases',
      answer: 'code=429',
      status: 429,
      example: 'tooManyRequests',
    });
    expect(await (await put('getRfiCase', { answer: 'example=cancelledCase' })).json()).toEqual({
      operationId: 'getRfiCase',
      answer: 'example=cancelledCase',
      status: 200,
      example: 'cancelledCase',
    });
    expect(await (await control('/answers')).json()).toEqual({
      listRfiCases: 'code=429',
      getRfiCase: 'example=cancelledCase',
    });
    const limited = await fetch(`${mock.url}/v1/rfi`, { headers: HEADERS });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect((await control('/answers/listRfiCases', { method: 'DELETE' })).status).toBe(204);
    expect(await (await control('/answers')).json()).toEqual({ getRfiCase: 'example=cancelledCase' });
    expect((await fetch(`${mock.url}/v1/rfi`, { headers: HEADERS })).status).toBe(200);
    expect((await control('/answers', { method: 'DELETE' })).status).toBe(204);
    expect(await (await control('/answers')).json()).toEqual({});
  });

  it('applies one set after a plain answer, and the plain answer again once deleted', async () => {
    const plain = await fetch(`${mock.url}/v1/rfi`, { headers: HEADERS });
    expect(plain.status).toBe(200);
    const plainBody = await plain.text();
    expect((await put('listRfiCases', { answer: 'code=429' })).status).toBe(200);
    expect((await fetch(`${mock.url}/v1/rfi`, { headers: HEADERS })).status).toBe(429);
    expect((await control('/answers/listRfiCases', { method: 'DELETE' })).status).toBe(204);
    const again = await fetch(`${mock.url}/v1/rfi`, { headers: HEADERS });
    expect(again.status).toBe(200);
    expect(again.headers.get('preference-applied')).toBeNull();
    expect(await again.text()).toBe(plainBody);
  });

  it('refuses 400 an unknown operation, an answer it does not document, a body of another shape', async () => {
    /** @param {Response} response */
    const refusal = async (response) => [response.status, (await response.json()).message];
    expect(await refusal(await put('getRfiCas', { answer: 'example=closedCase' }))).toEqual([
      400,
      expect.stringMatching(/^no operation getRfiCas in the contract; it has getRfiCase, listRfiCases, /),
    ]);
    expect(await refusal(await put('getRfiCase', { answer: 'code=201' }))).toEqual([
      400,
      'code=201: getRfiCase documents 200, 401, 400, 403, 404, 405, 500, 429',
    ]);
    expect(await refusal(await put('getRfiCase', { answer: 'example=closed' }))).toEqual([
      400,
      expect.stringMatching(/^example=closed: getRfiCase has no example of that name; it has closedCase, /),
    ]);
    expect(await refusal(await put('getRfiCase', { answer: 'dynamic=yes' }))).toEqual([
      400,
      'dynamic=yes is not true or false',
    ]);
    expect(await refusal(await put('getRfiCase', { answer: '' }))).toEqual([
      400,
      'an answer names at least one of code, example, dynamic, seed (code=409, example=rfiNotOpen)',
    ]);
    expect(await refusal(await put('getRfiCase', { answr: 'code=404' }))).toEqual([
      400,
      'the body is { "answer": "code=409, example=rfiNotOpen" }: unknown field answr',
    ]);
    expect(await refusal(await control('/answers/getRfiCas', { method: 'DELETE' }))).toEqual([
      400,
      expect.stringMatching(/^no operation getRfiCas in the contract; it has getRfiCase, /),
    ]);
    expect(await (await control('/answers')).json()).toEqual({});
  });

  it('a generated answer, repeatable with its seed, says so', async () => {
    expect(await (await put('getRfiCase', { answer: 'dynamic=true, seed=7' })).json()).toMatchObject({
      status: 200,
      example: null,
    });
    const first = await getCase();
    expect(first.headers.get('preference-applied')).toBe('dynamic=true, seed=7');
    const body = await first.json();
    expect(first.headers.get('served-example')).toBeNull(); // generated, not a named example
    expect(body.rfiId).toBe(RFI_ID); // the case asked for
    expect(await (await getCase()).json()).toEqual(body);
  });
});
