// examples/first-call.ts
import { createPaymentsConnectClient } from '@payments-connect/client';

const client = createPaymentsConnectClient({
  environment: 'sandbox',
  clientId: process.env.PAYMENTS_CONNECT_CLIENT_ID!,
  clientSecret: process.env.PAYMENTS_CONNECT_CLIENT_SECRET!,
  accountId: process.env.PAYMENTS_CONNECT_ACCOUNT_ID!, // sent as the AccountId header of every /v1 call
});

const rfiId = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';
const { data, error, response } = await client.GET('/v1/rfi/{rfiId}', { params: { path: { rfiId } } });
if (error) {
  console.error(`HTTP ${response.status}: ${error.code}: ${error.message}`);
} else {
  console.log(data.status, data.questions?.length ?? 0, 'questions');
}
