#!/usr/bin/env node
// Requests per second of the emulator on this machine, with response validation on (as always).
// Usage: node bench/throughput.js [seconds per scenario, default 2] [concurrency, default 16]
import { startEmulator } from '../src/index.js';

const SECONDS = Number(process.argv[2] ?? 2);
const CONCURRENCY = Number(process.argv[3] ?? 16);

const emulator = await startEmulator();
const { fixtures: f, accounts } = emulator;
const tokenResponse = await fetch(`${emulator.url}/auth/token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(emulator.credentials),
});
const { access_token: token } = await tokenResponse.json();
const headers = { authorization: `Bearer ${token}`, AccountId: accounts.primary.accountId };

/** @type {Array<[string, () => Promise<Response>]>} */
const scenarios = [
  ['GET  /v1/rfi/{rfiId}', () => fetch(`${emulator.url}/v1/rfi/${f.openRfiId}`, { headers })],
  ['GET  /v1/rfi?includeTerminal=true', () => fetch(`${emulator.url}/v1/rfi?includeTerminal=true`, { headers })],
  [
    'PUT  /v1/rfi/{rfiId}/questions/{questionId}/answer',
    () =>
      fetch(`${emulator.url}/v1/rfi/${f.openRfiId}/questions/${f.openQuestionId}/answer`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ answer: 'Consulting services delivered in March.' }),
      }),
  ],
  ['GET  /v1/rfi (401, no token)', () => fetch(`${emulator.url}/v1/rfi`)],
];

console.log(
  `Payments Connect emulator throughput: ${SECONDS} s per scenario, ` +
    `${CONCURRENCY} concurrent clients, Node ${process.version}`,
);
for (const [name, send] of scenarios) {
  let count = 0;
  const until = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const response = await send();
      await response.arrayBuffer();
      count += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - started) / 1000;
  console.log(
    `${name.padEnd(52)} ${Math.round(count / elapsed)
      .toString()
      .padStart(7)} req/s`,
  );
}
console.log(`contract violations during the run: ${emulator.violations.length}`);
await emulator.stop();
