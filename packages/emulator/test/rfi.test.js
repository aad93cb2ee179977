import { loadContract } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { filePart, useEmulator } from './support/use-emulator.js';

/** @param {any} rfiCase */
const idsOf = (rfiCase) => rfiCase.rfiId;

/**
 * A 409 CONFLICT naming its variant in `message` and `details`, as the document tells the variants apart.
 * @param {any} body
 * @param {'RFI_NOT_OPEN' | 'RFI_ITEM_ALREADY_APPROVED'} variant
 */
function expectConflict(body, variant) {
  expect(body.code).toBe('CONFLICT');
  expect(body.message).toContain(variant);
  expect(String(body.details)).toContain(variant);
}
const expectItemApproved = (/** @type {any} */ body) => expectConflict(body, 'RFI_ITEM_ALREADY_APPROVED');
const expectNotOpen = (/** @type {any} */ body) => expectConflict(body, 'RFI_NOT_OPEN');

describe('RFI reads', () => {
  const ctx = useEmulator();

  it('lists open cases only by default; includeTerminal=true adds CLOSED and CANCELLED', async () => {
    const { openRfiId, closedRfiId, cancelledRfiId } = ctx.fixtures;
    const open = await ctx.call('GET', '/v1/rfi');
    expect(open.status).toBe(200);
    expect(open.body.items.map(idsOf)).toEqual([openRfiId]);
    const explicitFalse = await ctx.call('GET', '/v1/rfi?includeTerminal=false');
    expect(explicitFalse.body.items.map(idsOf)).toEqual([openRfiId]);
    const all = await ctx.call('GET', '/v1/rfi?includeTerminal=true');
    expect(all.body.items.map(idsOf).sort()).toEqual([openRfiId, closedRfiId, cancelledRfiId].sort());
  });

  it('reads an open case with its questions and document requests', async () => {
    const f = ctx.fixtures;
    const { status, body } = await ctx.call('GET', `/v1/rfi/${f.openRfiId}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ rfiId: f.openRfiId, status: 'OPEN' });
    expect(body.questions.map((/** @type {any} */ q) => [q.questionId, q.approved])).toEqual([
      [f.openQuestionId, false],
      [f.secondOpenQuestionId, false],
      [f.approvedQuestionId, true],
    ]);
    expect(body.documentRequests.map((/** @type {any} */ d) => [d.documentRequestId, d.approved])).toEqual([
      [f.openDocumentRequestId, false],
      [f.approvedDocumentRequestId, true],
    ]);
  });

  it.each([
    ['CLOSED', 'closedRfiId'],
    ['CANCELLED', 'cancelledRfiId'],
  ])('still reads a %s case (kept for audit)', async (status, fixture) => {
    const rfiId = ctx.fixtures[/** @type {'closedRfiId' | 'cancelledRfiId'} */ (fixture)];
    const answer = await ctx.call('GET', `/v1/rfi/${rfiId}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ rfiId, status });
    expect(answer.body.questions.length).toBeGreaterThan(0);
    expect(answer.body.documentRequests.length).toBeGreaterThan(0);
  });

  it('answers 404 NOT_FOUND for a case that does not exist', async () => {
    const { status, body } = await ctx.call('GET', '/v1/rfi/00000000-0000-4000-8000-000000000001');
    expect(status).toBe(404);
    expect(body).toEqual({ code: 'NOT_FOUND', message: 'RFI 00000000-0000-4000-8000-000000000001 not found' });
  });
});

describe('RFI writes on an open case', () => {
  const ctx = useEmulator();
  const answerPath = () => `/v1/rfi/${ctx.fixtures.openRfiId}/questions/${ctx.fixtures.openQuestionId}/answer`;
  const documentPath = () =>
    `/v1/rfi/${ctx.fixtures.openRfiId}/document-requests/${ctx.fixtures.openDocumentRequestId}/document`;

  it('an answer replaces the earlier answer', async () => {
    const first = await ctx.call('PUT', answerPath(), { json: { answer: 'First answer' } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ questionId: ctx.fixtures.openQuestionId, answer: 'First answer' });
    const second = await ctx.call('PUT', answerPath(), { json: { answer: 'Second answer' } });
    expect(second.body.answer).toBe('Second answer');
    const read = await ctx.call('GET', `/v1/rfi/${ctx.fixtures.openRfiId}`);
    expect(read.body.questions[0].answer).toBe('Second answer');
    expect(read.body.status).toBe('OPEN');
  });

  it('a read after a write sees the write, though the same case was read (and its answer kept) before it', async () => {
    const casePath = `/v1/rfi/${ctx.fixtures.openRfiId}`;
    const before = await ctx.call('GET', casePath);
    expect(before.body.questions[0].answer).toBeUndefined();
    expect((await ctx.call('GET', casePath)).body).toEqual(before.body);
    await ctx.call('PUT', answerPath(), { json: { answer: 'Written between two reads' } });
    const after = await ctx.call('GET', casePath);
    expect(after.body.questions[0].answer).toBe('Written between two reads');
  });

  it('an empty or missing answer is 400 VALIDATION_FAILED and changes nothing', async () => {
    for (const json of [{ answer: '' }, {}, { answer: 42 }]) {
      const { status, body } = await ctx.call('PUT', answerPath(), { json });
      expect(status).toBe(400);
      expect(body.code).toBe('VALIDATION_FAILED');
    }
    const read = await ctx.call('GET', `/v1/rfi/${ctx.fixtures.openRfiId}`);
    expect(read.body.questions[0].answer).toBeUndefined();
  });

  it('an attach links the document and a second attach replaces it', async () => {
    const first = await ctx.call('PUT', documentPath(), { body: filePart('document', 'first', 'application/pdf') });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      documentRequestId: ctx.fixtures.openDocumentRequestId,
      document: { contentType: 'application/pdf', size: 5 },
    });
    const second = await ctx.call('PUT', documentPath(), { body: filePart('document', 'second!!', 'image/png') });
    expect(second.body.document).toMatchObject({ contentType: 'image/png', size: 8 });
    const read = await ctx.call('GET', `/v1/rfi/${ctx.fixtures.openRfiId}`);
    expect(read.body.documentRequests[0].document).toMatchObject({ contentType: 'image/png', size: 8 });
  });

  it('bulk responses answer several questions at once, replacing earlier answers, and return the case', async () => {
    const f = ctx.fixtures;
    await ctx.call('PUT', answerPath(), { json: { answer: 'old' } });
    const { status, body } = await ctx.call('PUT', `/v1/rfi/${f.openRfiId}/responses`, {
      json: {
        answers: [
          { questionId: f.openQuestionId, answer: 'new one' },
          { questionId: f.secondOpenQuestionId, answer: 'new two' },
        ],
      },
    });
    expect(status).toBe(200);
    expect(body.rfiId).toBe(f.openRfiId);
    expect(body.questions.slice(0, 2).map((/** @type {any} */ q) => q.answer)).toEqual(['new one', 'new two']);
  });

  it('bulk responses refuse an empty list, an empty answer and a malformed questionId with 400', async () => {
    const f = ctx.fixtures;
    for (const answers of [
      [],
      [{ questionId: f.openQuestionId, answer: '' }],
      [{ questionId: 'nope', answer: 'x' }],
      [{ answer: 'x' }],
    ]) {
      const { status, body } = await ctx.call('PUT', `/v1/rfi/${f.openRfiId}/responses`, { json: { answers } });
      expect(status).toBe(400);
      expect(body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers 404 for a question or document request that is not in the case', async () => {
    const f = ctx.fixtures;
    const stranger = '00000000-0000-4000-8000-000000000002';
    const answer = await ctx.call('PUT', `/v1/rfi/${f.openRfiId}/questions/${stranger}/answer`, {
      json: { answer: 'x' },
    });
    expect(answer.status).toBe(404);
    // A question of another case is not in this case either.
    const elsewhere = await ctx.call('PUT', `/v1/rfi/${f.openRfiId}/questions/${f.closedQuestionId}/answer`, {
      json: { answer: 'x' },
    });
    expect(elsewhere.status).toBe(404);
    const attach = await ctx.call('PUT', `/v1/rfi/${f.openRfiId}/document-requests/${stranger}/document`, {
      body: filePart('document'),
    });
    expect(attach.status).toBe(404);
    const bulk = await ctx.call('PUT', `/v1/rfi/${f.openRfiId}/responses`, {
      json: {
        answers: [
          { questionId: f.openQuestionId, answer: 'kept out' },
          { questionId: stranger, answer: 'x' },
        ],
      },
    });
    expect(bulk.status).toBe(404);
    const read = await ctx.call('GET', `/v1/rfi/${f.openRfiId}`);
    expect(read.body.questions[0].answer).toBeUndefined();
  });
});

describe('approved items are locked: 409 RFI_ITEM_ALREADY_APPROVED', () => {
  const ctx = useEmulator();

  it('refuses an answer to an approved question and keeps its answer', async () => {
    const f = ctx.fixtures;
    const { status, body } = await ctx.call('PUT', `/v1/rfi/${f.openRfiId}/questions/${f.approvedQuestionId}/answer`, {
      json: { answer: 'changed' },
    });
    expect(status).toBe(409);
    expectItemApproved(body);
    const read = await ctx.call('GET', `/v1/rfi/${f.openRfiId}`);
    // The answer it was seeded with: the spec example's.
    const seeded = loadContract().responseExample('getRfiCase', 'openCase');
    const kept = (/** @type {{ questionId: string }} */ question) => question.questionId === f.approvedQuestionId;
    const { answer } = seeded.questions.find(kept);
    expect([typeof answer, read.body.questions.find(kept).answer]).toEqual(['string', answer]);
  });

  it('refuses an attach to an approved document request', async () => {
    const f = ctx.fixtures;
    const { status, body } = await ctx.call(
      'PUT',
      `/v1/rfi/${f.openRfiId}/document-requests/${f.approvedDocumentRequestId}/document`,
      {
        body: filePart('document'),
      },
    );
    expect(status).toBe(409);
    expectItemApproved(body);
  });

  it('refuses bulk responses naming an approved question, writing none of them', async () => {
    const f = ctx.fixtures;
    const { status, body } = await ctx.call('PUT', `/v1/rfi/${f.openRfiId}/responses`, {
      json: {
        answers: [
          { questionId: f.openQuestionId, answer: 'not written' },
          { questionId: f.approvedQuestionId, answer: 'x' },
        ],
      },
    });
    expect(status).toBe(409);
    expectItemApproved(body);
    const read = await ctx.call('GET', `/v1/rfi/${f.openRfiId}`);
    expect(read.body.questions[0].answer).toBeUndefined();
  });

  it('an item approved through the control API locks at once', async () => {
    const f = ctx.fixtures;
    const path = `/v1/rfi/${f.openRfiId}/questions/${f.openQuestionId}/answer`;
    expect((await ctx.call('PUT', path, { json: { answer: 'before' } })).status).toBe(200);
    ctx.emulator.control.approveQuestion(f.openRfiId, f.openQuestionId);
    const after = await ctx.call('PUT', path, { json: { answer: 'after' } });
    expect(after.status).toBe(409);
    expectItemApproved(after.body);
  });
});

describe('terminal cases refuse every write: 409 RFI_NOT_OPEN', () => {
  const ctx = useEmulator();

  /** @param {string} rfiId */
  async function allThreeWrites(rfiId) {
    const read = await ctx.call('GET', `/v1/rfi/${rfiId}`);
    const questionId = read.body.questions[0].questionId;
    const documentRequestId = read.body.documentRequests[0].documentRequestId;
    return {
      before: read.body,
      answers: [
        await ctx.call('PUT', `/v1/rfi/${rfiId}/questions/${questionId}/answer`, { json: { answer: 'too late' } }),
        await ctx.call('PUT', `/v1/rfi/${rfiId}/document-requests/${documentRequestId}/document`, {
          body: filePart('document'),
        }),
        await ctx.call('PUT', `/v1/rfi/${rfiId}/responses`, {
          json: { answers: [{ questionId, answer: 'too late' }] },
        }),
      ],
    };
  }

  it.each([['closedRfiId'], ['cancelledRfiId']])(
    'the seeded %s refuses answer, attach and bulk responses, and is unchanged',
    async (fixture) => {
      const rfiId = ctx.fixtures[/** @type {'closedRfiId' | 'cancelledRfiId'} */ (fixture)];
      const { before, answers } = await allThreeWrites(rfiId);
      for (const answer of answers) {
        expect(answer.status).toBe(409);
        expectNotOpen(answer.body);
      }
      expect((await ctx.call('GET', `/v1/rfi/${rfiId}`)).body).toEqual(before);
    },
  );

  it('a case closed through the control API refuses writes, stays readable and leaves the default list', async () => {
    const f = ctx.fixtures;
    ctx.emulator.control.closeRfiCase(f.openRfiId);
    const { before, answers } = await allThreeWrites(f.openRfiId);
    expect(before.status).toBe('CLOSED');
    for (const answer of answers) expectNotOpen(answer.body);
    expect((await ctx.call('GET', '/v1/rfi')).body.items).toEqual([]);
    expect((await ctx.call('GET', '/v1/rfi?includeTerminal=true')).body.items.map(idsOf)).toContain(f.openRfiId);
  });

  it('RFI_NOT_OPEN wins over RFI_ITEM_ALREADY_APPROVED and over an unknown item', async () => {
    const f = ctx.fixtures;
    ctx.emulator.control.cancelRfiCase(f.openRfiId);
    const approved = await ctx.call('PUT', `/v1/rfi/${f.openRfiId}/questions/${f.approvedQuestionId}/answer`, {
      json: { answer: 'x' },
    });
    expectNotOpen(approved.body);
    const unknown = await ctx.call(
      'PUT',
      `/v1/rfi/${f.openRfiId}/questions/00000000-0000-4000-8000-000000000003/answer`,
      { json: { answer: 'x' } },
    );
    expectNotOpen(unknown.body);
  });

  it('a case created CANCELLED through the control API is terminal from the start', async () => {
    const created = ctx.emulator.control.createRfiCase({ status: 'CANCELLED', questions: 1, documentRequests: 1 });
    const { answers } = await allThreeWrites(created.rfiId);
    for (const answer of answers) expect(answer.status).toBe(409);
  });
});
