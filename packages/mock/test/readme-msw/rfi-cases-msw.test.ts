// rfi-cases-msw.test.ts: the API answered in the test's own process, no server started
import { createPaymentsConnectClient, rfiConflictVariant } from '@payments-connect/client';
import { createHandlers, fixtures } from '@payments-connect/mock/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

const mock = createHandlers({ baseUrl: 'https://api.payments-connect.test' });
const server = setupServer(...mock.handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers(); // the overrides a test added
  mock.clearAnswers();
  mock.clearRequests();
});
afterAll(() => server.close());

// Made in each test, once MSW listens: the client keeps the fetch it finds when it is made.
function client() {
  return createPaymentsConnectClient({
    baseUrl: mock.baseUrl,
    clientId: 'any', // the mock takes any credentials
    clientSecret: 'any',
    accountId: '0f8fad5b-d9cb-469f-a165-70867728950e',
    retry: false,
  });
}
const rfiId = 'd3b07384-d9a0-4c3b-9f6e-2b2d1a6f1e11';
const questionId = '6b1c5a7f-8c9d-4e0f-9a1b-2c3d4e5f6071';

it('answers as payments-connect-mock does: the example, with the id asked for', async () => {
  const { data } = await client().GET('/v1/rfi/{rfiId}', { params: { path: { rfiId } } });
  expect(data).toEqual(fixtures.getRfiCase.openCase({ rfiId }));
  const [read] = mock.requests({ operationId: 'getRfiCase' });
  expect(read?.status).toBe(200);
  expect(read?.requestViolations).toEqual([]); // what the client sent keeps the contract
});

it('switches an operation to an error example in one line', async () => {
  mock.setAnswer('answerRfiQuestion', 'code=409, example=rfiNotOpen');
  const { error, response } = await client().PUT('/v1/rfi/{rfiId}/questions/{questionId}/answer', {
    params: { path: { rfiId, questionId } },
    body: { answer: 'Our supplier' },
  });
  expect(response.status).toBe(409);
  expect(rfiConflictVariant(error)).toBe('RFI_NOT_OPEN');
});

it('answers your way where a test needs it, held to the contract', async () => {
  server.use(
    mock.override('getRfiCase', ({ params }) => ({
      status: 200,
      body: fixtures.getRfiCase.closedCase({ rfiId: params.rfiId }),
    })),
  );
  const { data } = await client().GET('/v1/rfi/{rfiId}', { params: { path: { rfiId } } });
  expect(data?.status).toBe('CLOSED');
});
