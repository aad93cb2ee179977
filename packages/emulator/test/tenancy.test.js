import { loadContract } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { SEED_IDS as ids } from '../src/index.js';
import { bodyOf, operationRequests } from './support/operation-requests.js';
import { useEmulator } from './support/use-emulator.js';

const v1Operations = loadContract()
  .operations.filter((op) => op.path.startsWith('/v1/'))
  .map((op) => [op.operationId]);

describe('the AccountId header', () => {
  const ctx = useEmulator();
  /** @param {string} operationId @param {string | null} accountId */
  const callAs = (operationId, accountId) => {
    const request = operationRequests(ctx.fixtures, ctx.emulator.credentials)[operationId];
    return ctx.call(request.method, request.path, { ...bodyOf(request), accountId });
  };

  it.each(v1Operations)(
    '%s answers 400 VALIDATION_FAILED without AccountId, or with an empty one',
    async (operationId) => {
      for (const accountId of [null, '', '   ']) {
        const { status, body } = await callAs(operationId, accountId);
        expect(status).toBe(400);
        expect(body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'header AccountId is required' });
      }
    },
  );

  it.each(v1Operations)('%s answers 404 NOT_FOUND for an account that does not exist', async (operationId) => {
    const { status, body } = await callAs(operationId, '00000000-0000-4000-8000-000000000000');
    expect(status).toBe(404);
    expect(body.code).toBe('NOT_FOUND');
  });

  it('checks the bearer token before the AccountId header', async () => {
    const { status } = await ctx.call('GET', '/v1/rfi', { token: null, accountId: null });
    expect(status).toBe(401);
  });
});

describe("another account's resources are 404, never 403", () => {
  const ctx = useEmulator();

  it.each(
    /** @type {Array<[string, string, unknown?]>} */ ([
      ['GET', `/v1/rfi/${ids.otherAccountRfiId}`],
      ['PUT', `/v1/rfi/${ids.otherAccountRfiId}/questions/${ids.otherAccountQuestionId}/answer`, { answer: 'x' }],
      [
        'PUT',
        `/v1/rfi/${ids.otherAccountRfiId}/responses`,
        { answers: [{ questionId: ids.otherAccountQuestionId, answer: 'x' }] },
      ],
      ['PUT', `/v1/collections/payment-requests/${ids.otherAccountPaymentRequestId}/refresh-session`],
      ['DELETE', `/v1/collections/payment-requests/${ids.otherAccountPaymentRequestId}/preview-logo`],
      ['GET', `/v1/collections/payers/${ids.otherAccountPayerId}`],
      ['PUT', `/v1/collections/payers/${ids.otherAccountPayerId}`, { name: 'x' }],
      ['GET', `/v1/beneficiaries/${ids.otherAccountBeneficiaryId}`],
      ['PUT', `/v1/beneficiaries/${ids.otherAccountBeneficiaryId}`, { name: 'x' }],
      ['GET', `/v1/account/users/${ids.otherAccountUserId}`],
      ['PUT', `/v1/account/users/${ids.otherAccountUserId}`, { displayName: 'x' }],
      ['PUT', `/v1/account/users/${ids.otherAccountUserId}/role`, { role: 'ADMIN' }],
      ['DELETE', `/v1/account/users/${ids.otherAccountUserId}`],
      ['GET', `/v1/account/related-party/persons/${ids.otherAccountPersonId}`],
      ['PUT', `/v1/account/related-party/persons/${ids.otherAccountPersonId}`, { firstName: 'x' }],
      ['GET', `/v1/account/related-party/corporates/${ids.otherAccountCorporateId}`],
      ['PUT', `/v1/account/related-party/corporates/${ids.otherAccountCorporateId}`, { legalName: 'x' }],
    ]),
  )('%s %s', async (method, path, json) => {
    const asPrimary = await ctx.call(method, path, { json });
    expect(asPrimary.status).toBe(404);
    expect(asPrimary.body.code).toBe('NOT_FOUND');
  });

  it("the owner reaches its case, and the primary account's list never shows it", async () => {
    const owner = ctx.emulator.accounts.other.accountId;
    const own = await ctx.call('GET', `/v1/rfi/${ctx.fixtures.otherAccountRfiId}`, { accountId: owner });
    expect(own.status).toBe(200);
    const list = await ctx.call('GET', '/v1/rfi?includeTerminal=true');
    expect(list.body.items.map((/** @type {any} */ c) => c.rfiId)).not.toContain(ctx.fixtures.otherAccountRfiId);
    const ownList = await ctx.call('GET', '/v1/rfi', { accountId: owner });
    expect(ownList.body.items.map((/** @type {any} */ c) => c.rfiId)).toEqual([ctx.fixtures.otherAccountRfiId]);
  });

  it("a refused write leaves the other account's case unchanged", async () => {
    const { otherAccountRfiId, otherAccountQuestionId } = ctx.fixtures;
    await ctx.call('PUT', `/v1/rfi/${otherAccountRfiId}/questions/${otherAccountQuestionId}/answer`, {
      json: { answer: 'intruder' },
    });
    const own = await ctx.call('GET', `/v1/rfi/${otherAccountRfiId}`, {
      accountId: ctx.emulator.accounts.other.accountId,
    });
    expect(own.body.questions[0].answer).toBeUndefined();
  });
});

describe('order of checks', () => {
  const ctx = useEmulator();

  it('reports a missing AccountId first, then a malformed path id, in one answer', async () => {
    const { status, body } = await ctx.call('GET', '/v1/rfi/not-a-uuid', { accountId: null });
    expect(status).toBe(400);
    expect(body.message).toBe('header AccountId is required; path rfiId must match format "uuid"');
  });
});
