// from-code.mjs
import { startEmulator } from '@payments-connect/emulator';

const emulator = await startEmulator({ port: 0 });
const token = await fetch(`${emulator.url}/auth/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(emulator.credentials),
}).then((r) => r.json());

const cases = await fetch(`${emulator.url}/v1/rfi`, {
  headers: { authorization: `Bearer ${token.access_token}`, AccountId: emulator.accounts.primary.accountId },
}).then((r) => r.json());
console.log(JSON.stringify(cases)); // { items: [...] }: the primary account's open cases

await emulator.stop();
