// rfi-cases.test.ts
import { createPaymentsConnectClient } from '@payments-connect/client';
import { useMock } from '@payments-connect/mock/vitest';
import { expect, it } from 'vitest';

const mock = await useMock();
const client = createPaymentsConnectClient({
  baseUrl: mock.url,
  clientId: 'any', // the mock takes any credentials
  clientSecret: 'any',
  accountId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  retry: false, // a 429 or 500 asked of the mock comes at once, not after seconds of retries
});

it('reads a closed case', async () => {
  const { data } = await client.GET('/v1/rfi/{rfiId}', {
    params: { path: { rfiId: '5a0b4f6e-7b8c-4d9e-8f0a-1b2c3d4e5f60' } },
    headers: { Prefer: 'example=closedCase' },
  });
  expect(data?.status).toBe('CLOSED');
});

it('meets the rate limit', async () => {
  const { error, response } = await client.GET('/v1/rfi', { headers: { Prefer: 'code=429' } });
  expect(response.status).toBe(429);
  expect(error?.code).toBe('TOO_MANY_REQUESTS');
});
