// closed-case.test.ts
import { createPaymentsConnectClient, rfiConflictVariant } from '@payments-connect/client';
import { SHIPPED_SNAPSHOTS, startEmulator } from '@payments-connect/emulator';
import { afterAll, expect, it } from 'vitest';

// A case answered and then closed, without the calls that make it: an emulator of its own starts from the snapshot.
const emulator = await startEmulator({ strict: true, state: SHIPPED_SNAPSHOTS.caseClosedAfterAnswers.file });
afterAll(() => emulator.stop());

const client = createPaymentsConnectClient({
  baseUrl: emulator.url,
  ...emulator.credentials,
  accountId: emulator.accounts.primary.accountId,
  retry: false,
});
const { openRfiId: rfiId, openQuestionId: questionId } = emulator.fixtures;

it('stops answering a case once it is closed', async () => {
  const { data } = await client.GET('/v1/rfi/{rfiId}', { params: { path: { rfiId } } });
  expect(data?.status).toBe('CLOSED');
  const { error, response } = await client.PUT('/v1/rfi/{rfiId}/questions/{questionId}/answer', {
    params: { path: { rfiId, questionId } },
    body: { answer: 'A late answer' },
  });
  expect(response.status).toBe(409);
  expect(rfiConflictVariant(error)).toBe('RFI_NOT_OPEN');
});
