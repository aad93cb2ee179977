// A CommonJS consumer (Jest, ts-node, a plain require) loads the package by name, as an installed project does:
// Node's require() of an ES module, which Node 20.19 and later do without a flag.
const { startEmulator } = require('@payments-connect/emulator');

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
    console.log(JSON.stringify({ token: token.status, list: list.status, body: await list.json() }));
  } finally {
    await emulator.stop();
  }
});
