import { createPaymentsConnectClient, type PaymentsConnectClientOptions } from '../src/index.js';
import type { FaultServer } from './fault-server.js';

/** A secret that must never show up anywhere but in the token request's body. */
export const CLIENT_SECRET = 'pc-secret-7d1f0c9e-DO-NOT-LEAK';
export const CLIENT_ID = 'pc-client-1';
export const DEFAULT_ACCOUNT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
export const RFI_ID = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';

/** A client of `server` with a default AccountId and near-zero backoff, so retry tests stay fast. */
export function clientFor(server: FaultServer, options: Partial<PaymentsConnectClientOptions> = {}) {
  return createPaymentsConnectClient({
    baseUrl: server.url,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    accountId: DEFAULT_ACCOUNT_ID,
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
    ...options,
  });
}

/** The call most tests make: GET the example RFI case. */
export function getCase(client: ReturnType<typeof clientFor>) {
  return client.GET('/v1/rfi/{rfiId}', { params: { path: { rfiId: RFI_ID } } });
}
