// A CommonJS consumer in a project that is not ours (Jest, ts-node, a plain require): the client against the mock
// and the emulator it starts, what the mock received through its control client, and the contract model, all through
// require().
const { createPaymentsConnectClient } = require('@payments-connect/client');
const { connectMock, startMock } = require('@payments-connect/mock');
const { connectEmulator, startEmulator } = require('@payments-connect/emulator');
const { loadContract } = require('@payments-connect/contract');
// An ES module, required as Node 20.19 and later require one; msw's own CommonJS build beside it.
const { createHandlers } = require('@payments-connect/mock/msw');
const { setupServer } = require('msw/node');

async function listCases(baseUrl, credentials, accountId) {
  const client = createPaymentsConnectClient({ baseUrl, ...credentials, accountId, environment: 'sandbox' });
  const { response, data } = await client.GET('/v1/rfi', { params: { query: { includeTerminal: true } } });
  return { status: response.status, cases: data?.items.length ?? 0 };
}

// The emulator's control client, as a test worker in another process uses it: a tenant of its own, and the journal.
async function controlFromElsewhere(url) {
  const control = connectEmulator(url);
  const tenant = await control.createTenant();
  const accountId = tenant.accounts.primary.accountId;
  const { cases } = await listCases(url, tenant.credentials, accountId);
  const journal = await control.requests({ accountId });
  return { tenantCases: cases, journal: journal.map((entry) => `${entry.operationId} ${entry.status}`) };
}

// The mock as MSW handlers in this process, no server: the client made once MSW listens (it keeps the fetch it finds).
async function inProcess(accountId) {
  const handlers = createHandlers({ baseUrl: 'https://api.payments-connect.test' });
  const msw = setupServer(...handlers.handlers);
  msw.listen({ onUnhandledRequest: 'error' });
  try {
    const listed = await listCases(handlers.baseUrl, { clientId: 'any', clientSecret: 'any' }, accountId);
    return { ...listed, requests: handlers.requests().length };
  } finally {
    msw.close();
  }
}

async function main() {
  const mock = await startMock();
  const emulator = await startEmulator();
  try {
    const accountId = emulator.accounts.primary.accountId;
    const results = {
      mock: await listCases(mock.url, { clientId: 'any', clientSecret: 'any' }, accountId),
      emulator: await listCases(emulator.url, emulator.credentials, accountId),
      operations: loadContract().operations.length,
      control: await controlFromElsewhere(emulator.url),
    };
    // What the mock received, through its control client: the client's token exchange and its list.
    results.mock.requests = (await connectMock(mock.url).requests()).length;
    results.msw = await inProcess(accountId);
    console.log(JSON.stringify(results));
  } finally {
    await Promise.all([mock.stop(), emulator.stop()]);
  }
}

main();
