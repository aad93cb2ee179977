// A CommonJS consumer (Jest, ts-node, a plain require) loads the package by name, as an installed project does:
// Node's require() of an ES module, which Node 20.19 and later do without a flag.
const { connectEmulator, startEmulator } = require('@payments-connect/emulator');

startEmulator().then(async (emulator) => {
  try {
    const token = await fetch(`${emulator.url}/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(emulator.credentials),
    });
    const { access_token: accessToken } = await token.json();
    const headers = { Authorization: `Bearer ${accessToken}`, AccountId: emulator.accounts.primary.accountId };
    const list = await fetch(`${emulator.url}/v1/rfi`, { headers });
    // The control client, as a test worker in another process would use it.
    const control = connectEmulator(emulator.url);
    const tenant = await control.createTenant();
    const listed = await control.requests({ operationId: 'listRfiCases' });
    console.log(
      JSON.stringify({
        token: token.status,
        list: list.status,
        body: await list.json(),
        tenantAccount: tenant.accounts.primary.accountId,
        listed: listed.map((entry) => entry.status),
      }),
    );
  } finally {
    await emulator.stop();
  }
});
