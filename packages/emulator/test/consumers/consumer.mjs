// An ES module consumer loads the package by name, as an installed project does.
import { startEmulator } from '@payments-connect/emulator';

const emulator = await startEmulator();
try {
  const refused = await fetch(`${emulator.url}/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ clientId: emulator.credentials.clientId, clientSecret: 'not-the-secret' }),
  });
  console.log(JSON.stringify({ status: refused.status, body: await refused.json(), env: emulator.env }));
} finally {
  await emulator.stop();
}
