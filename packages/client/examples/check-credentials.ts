// examples/check-credentials.ts
import { createPaymentsConnectClient, PaymentsConnectAuthenticationError } from '@payments-connect/client';

// The options are checked here: a missing clientId or clientSecret, an unknown environment, a baseUrl that is no
// absolute http(s) URL or an empty accountId throws a PaymentsConnectError that names the option.
const client = createPaymentsConnectClient({
  baseUrl: process.env.PAYMENTS_CONNECT_BASE_URL, // the server root, where /auth/token is: no /v1 at the end
  clientId: process.env.PAYMENTS_CONNECT_CLIENT_ID!,
  clientSecret: process.env.PAYMENTS_CONNECT_CLIENT_SECRET!,
  accountId: process.env.PAYMENTS_CONNECT_ACCOUNT_ID!,
});

// At start-up, before the first call: are the credentials and the baseUrl right?
try {
  const { expiresAt } = await client.getToken();
  console.log('Payments Connect: credentials accepted, token valid until', expiresAt?.toISOString());
} catch (error) {
  if (error instanceof PaymentsConnectAuthenticationError) {
    // "Token request to https://…/auth/token refused: HTTP 401 UNAUTHORIZED: clientId or clientSecret is not
    // recognised": the server's code and message, the secret never in them
    console.error(error.message); // also error.status, error.tokenUrl, error.code, error.serverMessage
    process.exit(1);
  }
  throw error; // no answer in time (PaymentsConnectTimeoutError) or none at all (PaymentsConnectConnectionError)
}
