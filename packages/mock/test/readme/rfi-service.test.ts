// rfi-service.test.ts
import { randomUUID } from 'node:crypto';
import { useMock } from '@payments-connect/mock/vitest';
import { afterEach, expect, it } from 'vitest';
import { createRfiService } from './rfi-service.js';

const mock = await useMock(); // the run's mock: its journal, its answers
const rfiId = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';
const questionId = '6b1c5a7f-8c9d-4e0f-9a1b-2c3d4e5f6071';

// Each test its own AccountId: the journal is shared by every file that uses the mock, and filtered by account, it
// holds this test's requests only.
function serviceForTest() {
  const accountId = randomUUID();
  const service = createRfiService({
    baseUrl: mock.url,
    clientId: 'any', // the mock takes any credentials
    clientSecret: 'any',
    accountId,
    retry: { baseDelayMs: 1, maxDelayMs: 5 }, // retried as in production, without the waits
  });
  const sent = () => mock.requests({ operationId: 'answerRfiQuestion', accountId });
  return { service, sent };
}

// Answers are global to the mock: undo what a test set, for the operation this file steers.
afterEach(() => mock.clearAnswers('answerRfiQuestion'));

it('answers a question with one request', async () => {
  const { service, sent } = serviceForTest();
  expect(await service.answerQuestion(rfiId, questionId, 'Our supplier')).toBe('answered');
  const [request, ...others] = await sent();
  expect(others).toEqual([]);
  expect(request?.status).toBe(200);
  expect(JSON.parse(request?.requestBody ?? '')).toEqual({ answer: 'Our supplier' });
  expect(request?.requestViolations).toEqual([]); // what the service sent keeps the contract
});

it('retries a 500 twice, then gives up', async () => {
  await mock.setAnswer('answerRfiQuestion', 'code=500');
  const { service, sent } = serviceForTest();
  expect(await service.answerQuestion(rfiId, questionId, 'Our supplier')).toBe('failed');
  expect((await sent()).map((request) => request.status)).toEqual([500, 500, 500]);
});

it('does not retry a 409: the case is no longer open', async () => {
  // The token request is not steered: only answerRfiQuestion answers 409.
  await mock.setAnswer('answerRfiQuestion', 'code=409, example=rfiNotOpen');
  const { service, sent } = serviceForTest();
  expect(await service.answerQuestion(rfiId, questionId, 'Our supplier')).toBe('case-not-open');
  expect((await sent()).map((request) => request.status)).toEqual([409]);
});
