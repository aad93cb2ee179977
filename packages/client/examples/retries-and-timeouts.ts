// examples/retries-and-timeouts.ts
import {
  createPaymentsConnectClient,
  PaymentsConnectConnectionError,
  PaymentsConnectTimeoutError,
} from '@payments-connect/client';

const client = createPaymentsConnectClient({
  clientId: process.env.PAYMENTS_CONNECT_CLIENT_ID!,
  clientSecret: process.env.PAYMENTS_CONNECT_CLIENT_SECRET!,
  accountId: process.env.PAYMENTS_CONNECT_ACCOUNT_ID!,
  retry: { maxRetries: 4, baseDelayMs: 250, maxDelayMs: 4_000 }, // or retry: false
  timeoutMs: 15_000, // per attempt
});

try {
  const { data } = await client.GET('/v1/rfi', {
    params: { query: { includeTerminal: true } },
    timeoutMs: 5_000, // this call only
    signal: AbortSignal.timeout(20_000), // the whole call, retries included
  });
  console.log(data?.items.length);
} catch (error) {
  if (error instanceof PaymentsConnectTimeoutError) console.error('no answer in time:', error.message);
  else if (error instanceof PaymentsConnectConnectionError) console.error('unreachable:', error.cause);
  else throw error; // the signal's own reason when it aborted
}
