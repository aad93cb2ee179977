// An ES module consumer in a project that is not ours: the same as commonjs-consumer.cjs through import.
import { createPaymentsConnectClient } from '@payments-connect/client';
import { loadContract } from '@payments-connect/contract';
import { connectEmulator, startEmulator } from '@payments-connect/emulator';
import { connectMock, startMock } from '@payments-connect/mock';
import { createHandlers } from '@payments-connect/mock/msw';
import { setupServer } from 'msw/node';

const [mock, emulator] = await Promise.all([startMock(), startEmulator()]);
const accountId = emulator.accounts.primary.accountId;
const clients = {
  mock: createPaymentsConnectClient({ baseUrl: mock.url, clientId: 'any', clientSecret: 'any', accountId }),
  emulator: createPaymentsConnectClient({ baseUrl: emulator.url, ...emulator.credentials, accountId }),
};
/** @type {Record<string, { status: number, cases: number }>} */
const calls = {};
for (const [name, client] of Object.entries(clients)) {
  const { response, data } = await client.GET('/v1/rfi', { params: { query: { includeTerminal: true } } });
  calls[name] = { status: response.status, cases: data?.items.length ?? 0 };
}
// What the mock received, through its control client: the client's token exchange and its list.
const requests = (await connectMock(mock.url).requests()).length;
// The emulator's control client, as a test worker in another process uses it: a tenant of its own, and the journal.
const control = connectEmulator(emulator.url);
const tenant = await control.createTenant();
const tenantAccountId = tenant.accounts.primary.accountId;
const tenantClient = createPaymentsConnectClient({
  baseUrl: emulator.url,
  ...tenant.credentials,
  accountId: tenantAccountId,
});
const { data: tenantCases } = await tenantClient.GET('/v1/rfi', { params: { query: { includeTerminal: true } } });
const journal = await control.requests({ accountId: tenantAccountId });
const controlled = {
  tenantCases: tenantCases?.items.length ?? 0,
  journal: journal.map((entry) => `${entry.operationId} ${entry.status}`),
};
await Promise.all([mock.stop(), emulator.stop()]);
const operations = loadContract().operations.length;
// The mock as MSW handlers in this process, no server: the client made once MSW listens (it keeps the fetch it finds).
const handlers = createHandlers({ baseUrl: 'https://api.payments-connect.test' });
const msw = setupServer(...handlers.handlers);
msw.listen({ onUnhandledRequest: 'error' });
const mswClient = createPaymentsConnectClient({
  baseUrl: handlers.baseUrl,
  clientId: 'any',
  clientSecret: 'any',
  accountId,
});
const { response: mswResponse, data: mswCases } = await mswClient.GET('/v1/rfi', {
  params: { query: { includeTerminal: true } },
});
msw.close();
const inProcess = {
  status: mswResponse.status,
  cases: mswCases?.items.length ?? 0,
  requests: handlers.requests().length,
};
console.log(
  JSON.stringify({
    mock: { ...calls.mock, requests },
    emulator: calls.emulator,
    operations,
    control: controlled,
    msw: inProcess,
  }),
);
