import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rfiConflictVariant } from '../src/index.js';
import { type FaultServer, startFaultServer } from './fault-server.js';
import { clientFor, RFI_ID } from './test-client.js';

describe('rfiConflictVariant', () => {
  it.each([
    [{ code: 'CONFLICT', message: 'RFI_NOT_OPEN: the case is CLOSED' }, 'RFI_NOT_OPEN'],
    [{ code: 'CONFLICT', message: 'Item is locked (RFI_ITEM_ALREADY_APPROVED)' }, 'RFI_ITEM_ALREADY_APPROVED'],
    [{ code: 'CONFLICT', message: 'Conflict', details: 'variant=RFI_NOT_OPEN' }, 'RFI_NOT_OPEN'],
    [
      { code: 'CONFLICT', message: 'Conflict', details: { variant: 'RFI_ITEM_ALREADY_APPROVED' } },
      'RFI_ITEM_ALREADY_APPROVED',
    ],
    [{ code: 'CONFLICT', message: 'Conflict', details: [{ reason: 'RFI_NOT_OPEN' }] }, 'RFI_NOT_OPEN'],
  ])('reads the variant from message or details: %j', (error, variant) => {
    expect(rfiConflictVariant(error)).toBe(variant);
  });

  it.each([
    ['another code', { code: 'VALIDATION_FAILED', message: 'RFI_NOT_OPEN mentioned elsewhere' }],
    ['an unknown variant', { code: 'CONFLICT', message: 'Some new conflict', details: { reason: 'OTHER' } }],
    ['a string', 'RFI_NOT_OPEN'],
    ['undefined', undefined],
    ['null', null],
  ])('answers undefined for %s', (_, error) => {
    expect(rfiConflictVariant(error)).toBeUndefined();
  });
});

describe('error envelopes over the wire', () => {
  let server: FaultServer;
  beforeEach(async () => {
    server = await startFaultServer();
  });
  afterEach(() => server.close());

  const answer = (server: FaultServer) =>
    clientFor(server).PUT('/v1/rfi/{rfiId}/questions/{questionId}/answer', {
      params: { path: { rfiId: RFI_ID, questionId: 'q-1' } },
      body: { answer: 'yes' },
    });

  it('types the 409 envelope and tells its variant', async () => {
    const conflict = { code: 'CONFLICT', message: 'Conflict', details: { variant: 'RFI_ITEM_ALREADY_APPROVED' } };
    server.queue(`PUT /v1/rfi/${RFI_ID}/questions/q-1/answer`, { status: 409, body: conflict });
    const { error } = await answer(server);
    expect(error?.code).toBe('CONFLICT');
    expect(rfiConflictVariant(error)).toBe('RFI_ITEM_ALREADY_APPROVED');
  });

  it('passes unknown codes and extra fields through untouched', async () => {
    const envelope = {
      code: 'RATE_LIMITED_BY_PARTNER',
      message: 'A code v1.0 does not list',
      details: { retryInMinutes: 5, nested: [1, 'two', null] },
      traceId: 'abc-123',
    };
    server.queue(`PUT /v1/rfi/${RFI_ID}/questions/q-1/answer`, { status: 422, body: envelope });
    const { error, response } = await answer(server);
    expect(response.status).toBe(422);
    expect(error).toStrictEqual(envelope);
  });
});
