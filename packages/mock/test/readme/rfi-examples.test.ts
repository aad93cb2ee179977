// rfi-examples.test.ts
import { createPaymentsConnectClient } from '@payments-connect/client';
import { useMock } from '@payments-connect/mock/vitest';
import { expect, it } from 'vitest';

const mock = await useMock();
const client = createPaymentsConnectClient({
  baseUrl: mock.url,
  clientId: 'any',
  clientSecret: 'any',
  accountId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  retry: false,
});

it("answers the spec's request example of a write to the closed case with its 409", async () => {
  const { error, response } = await client.PUT('/v1/rfi/{rfiId}/questions/{questionId}/answer', {
    params: {
      path: { rfiId: '5a0b4f6e-7b8c-4d9e-8f0a-1b2c3d4e5f60', questionId: '8d3e7c9b-0e1f-4a2b-9c3d-4e5f60718293' },
    },
    body: { answer: 'The payment is for consulting services delivered in March.' },
  });
  expect(response.status).toBe(409);
  expect(response.headers.get('Served-Example')).toBe('rfiNotOpen');
  expect(error?.message).toContain('RFI_NOT_OPEN');
});
