// The RFI behaviour of the interface document (sections 3 and 7). Against a sandbox each test runs on
// real cases (fixture ids); against the stateless mock each runs in its shape form, the answer chosen
// with Prefer, and what only state can prove is reported as skipped.
import { rfiConflictVariant } from '@payments-connect/client';
import { describe, expect, it } from 'vitest';
import {
  behaviourTest,
  fixtures,
  pathIds,
  prefer,
  skipUnlessMock,
  skipUnlessStateful,
  skipWithReason,
  useConformanceSession,
} from '../src/test-context.js';
import { operationCalls } from './support/operation-calls.js';

const session = useConformanceSession();
const { target, client, expectConforms } = session;

const RFI_WRITES = ['answerRfiQuestion', 'attachRfiDocument', 'submitRfiResponses'];
const TERMINAL_STATUSES = ['CLOSED', 'CANCELLED'];
/** A well-formed id that names no item: enough where the case's state decides before the item does. */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** @param {string} rfiId */
async function getCase(rfiId) {
  const { response } = await client.GET('/v1/rfi/{rfiId}', { params: { path: { rfiId } } });
  return (await expectConforms(response, { status: 200 })).body;
}

/**
 * @param {boolean} [includeTerminal]
 * @returns {Promise<Array<{ rfiId: string, status: string }>>}
 */
async function listCases(includeTerminal) {
  const { response } = await client.GET('/v1/rfi', { params: { query: includeTerminal ? { includeTerminal } : {} } });
  return (await expectConforms(response, { status: 200 })).body.items;
}

/**
 * Sends one RFI write and expects 409 CONFLICT of the given variant, told apart by the client's helper.
 * @param {string} operationId
 * @param {Record<string, string>} ids
 * @param {string} variant
 * @param {Record<string, string>} [headers]
 */
async function expectConflict(operationId, ids, variant, headers) {
  const call = operationCalls[operationId];
  if (!call) throw new Error(`no request written for ${operationId}`);
  const result = await call.send(session, ids, headers);
  const answer = await expectConforms(result.response, { status: 409, operationId });
  expect(answer.body.code).toBe('CONFLICT');
  expect(rfiConflictVariant(result.error)).toBe(variant);
}

describe('terminal cases (CLOSED, CANCELLED) refuse every write with 409 RFI_NOT_OPEN', () => {
  it.for(RFI_WRITES)('shape: %s answers 409 CONFLICT, variant RFI_NOT_OPEN', async (operationId, context) => {
    skipUnlessMock(context, target);
    const ids = pathIds(context, target, operationCalls[operationId].parameters);
    await expectConflict(operationId, ids, 'RFI_NOT_OPEN', prefer(409, 'rfiNotOpen'));
  });

  it.for(TERMINAL_STATUSES.flatMap((status) => RFI_WRITES.map((write) => [status, write])))(
    'a %s case refuses %s with RFI_NOT_OPEN and stays as it was',
    behaviourTest,
    async ([status, operationId], context) => {
      skipUnlessStateful(context, target);
      const [rfiId] = fixtures(context, target, [status === 'CLOSED' ? 'closedRfiId' : 'cancelledRfiId']);
      const before = await getCase(rfiId);
      const ids = {
        rfiId,
        questionId: before.questions?.[0]?.questionId,
        documentRequestId: before.documentRequests?.[0]?.documentRequestId,
      };
      if (operationId === 'answerRfiQuestion' && !ids.questionId)
        skipWithReason(context, `the ${status} fixture case has no question`);
      if (operationId === 'attachRfiDocument' && !ids.documentRequestId)
        skipWithReason(context, `the ${status} fixture case has no document request`);
      // Bulk responses are refused as a whole for a terminal case, whatever the questions named.
      await expectConflict(operationId, { ...ids, questionId: ids.questionId ?? UNKNOWN_ID }, 'RFI_NOT_OPEN');
      expect(await getCase(rfiId)).toEqual(before);
    },
  );
});

describe('a terminal case can still be read', () => {
  it.for([
    ['closedCase', 'CLOSED'],
    ['cancelledCase', 'CANCELLED'],
  ])('shape: GET answers the %s example with status %s', async ([example, status], context) => {
    skipUnlessMock(context, target);
    const { rfiId } = pathIds(context, target, ['rfiId']);
    const { response } = await client.GET('/v1/rfi/{rfiId}', {
      params: { path: { rfiId } },
      headers: { Prefer: `example=${example}` },
    });
    expect((await expectConforms(response, { status: 200 })).body.status).toBe(status);
  });

  it.for(
    /** @type {Array<[import('../src/target-config.js').SandboxFixture, string]>} */ ([
      ['closedRfiId', 'CLOSED'],
      ['cancelledRfiId', 'CANCELLED'],
    ]),
  )('GET of the %s fixture answers 200 with status %s', behaviourTest, async ([fixture, status], context) => {
    skipUnlessStateful(context, target);
    const [rfiId] = fixtures(context, target, [fixture]);
    const rfiCase = await getCase(rfiId);
    expect(rfiCase).toMatchObject({ rfiId, status });
  });
});

describe('the list leaves terminal cases out unless includeTerminal=true', () => {
  it('shape: the default list holds no terminal case; the includingTerminal example does', async (context) => {
    skipUnlessMock(context, target);
    const isTerminal = (/** @type {{ status: string }} */ item) => TERMINAL_STATUSES.includes(item.status);
    expect((await listCases()).filter(isTerminal)).toEqual([]);
    const { response } = await client.GET('/v1/rfi', {
      params: { query: { includeTerminal: true } },
      headers: { Prefer: 'example=includingTerminal' },
    });
    expect((await expectConforms(response, { status: 200 })).body.items.some(isTerminal)).toBe(true);
  });

  it('the CLOSED and CANCELLED fixtures are listed only with includeTerminal=true', behaviourTest, async (context) => {
    skipUnlessStateful(context, target);
    const terminalIds = fixtures(context, target, ['closedRfiId', 'cancelledRfiId']);
    const listed = (/** @type {Array<{ rfiId: string }>} */ items) => items.map((item) => item.rfiId);
    const byDefault = await listCases();
    expect(byDefault.filter((item) => TERMINAL_STATUSES.includes(item.status))).toEqual([]);
    expect(listed(byDefault)).not.toEqual(expect.arrayContaining([terminalIds[0]]));
    expect(listed(byDefault)).not.toEqual(expect.arrayContaining([terminalIds[1]]));
    expect(listed(await listCases(true))).toEqual(expect.arrayContaining(terminalIds));
  });
});

describe('an approved item is locked: writes answer 409 RFI_ITEM_ALREADY_APPROVED', () => {
  it.for(RFI_WRITES)(
    'shape: %s answers 409 CONFLICT, variant RFI_ITEM_ALREADY_APPROVED',
    async (operationId, context) => {
      skipUnlessMock(context, target);
      const ids = pathIds(context, target, operationCalls[operationId].parameters);
      await expectConflict(operationId, ids, 'RFI_ITEM_ALREADY_APPROVED', prefer(409, 'rfiItemAlreadyApproved'));
    },
  );

  it.for(RFI_WRITES)(
    '%s on the approved fixture item of the open case',
    behaviourTest,
    async (operationId, context) => {
      skipUnlessStateful(context, target);
      const item = operationId === 'attachRfiDocument' ? 'approvedDocumentRequestId' : 'approvedQuestionId';
      const [rfiId, itemId] = fixtures(context, target, ['openRfiId', item]);
      await expectConflict(
        operationId,
        { rfiId, questionId: itemId, documentRequestId: itemId },
        'RFI_ITEM_ALREADY_APPROVED',
      );
    },
  );
});

describe("another account's case is 404 NOT_FOUND, never 403", () => {
  it('shape: 404 answers the NOT_FOUND envelope', async (context) => {
    skipUnlessMock(context, target);
    const { rfiId } = pathIds(context, target, ['rfiId']);
    const { response } = await client.GET('/v1/rfi/{rfiId}', { params: { path: { rfiId } }, headers: prefer(404) });
    expect((await expectConforms(response, { status: 404 })).body.code).toBe('NOT_FOUND');
  });

  it('GET and a write of the other account fixture answer 404 NOT_FOUND', behaviourTest, async (context) => {
    skipUnlessStateful(context, target);
    const [rfiId] = fixtures(context, target, ['otherAccountRfiId']);
    const read = await client.GET('/v1/rfi/{rfiId}', { params: { path: { rfiId } } });
    expect((await expectConforms(read.response, { status: 404 })).body.code).toBe('NOT_FOUND');
    const write = await operationCalls.submitRfiResponses.send(session, { rfiId, questionId: UNKNOWN_ID });
    expect((await expectConforms(write.response, { status: 404 })).body.code).toBe('NOT_FOUND');
  });
});
