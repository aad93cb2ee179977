#!/usr/bin/env node
// Child process of the bench: one server under measurement, alone in its process (its own core on a 2-core machine,
// the load generator having the other). Receives { kind, spec, path } as JSON in argv[2]; once it answers, sends
// { url, path, headers } over IPC: the request the load repeats. Answers 'memory' with its memory after a full
// garbage collection (run with --expose-gc), and ends on 'stop' or when the bench goes away.
import http from 'node:http';
import { answerBody, answerHeaders } from '../clients/answer-exchange.js';
import { loadSampleExchange } from '../clients/sample-exchange.js';
import { probeHeaders } from '../mock-request.js';

/** @typedef {{ url: string, path: string, headers: Record<string, string>, stop: () => Promise<void> }} Serving */

const { kind, spec, path } = JSON.parse(process.argv[2] ?? '{}');
const SERVERS = { bare: serveBare, mock: serveMock, emulator: serveEmulator };

/**
 * A bare node:http server: reads the request, answers the spec's example of the sample read (or the token example
 * on the token path) with its length. No routing, no checks: the floor every server figure is set against.
 * @returns {Promise<Serving>}
 */
async function serveBare() {
  const sample = loadSampleExchange();
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const body = answerBody(sample, new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
      response.writeHead(200, answerHeaders(body)).end(body);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  const stop = () => new Promise((resolve) => server.close(() => resolve(undefined)).closeAllConnections());
  return { url: `http://127.0.0.1:${port}`, path: sample.path, headers: probeHeaders(), stop };
}

/**
 * The mock, as `startMock()` serves it: the bundled spec's sample read, or `path` of a given spec.
 * @returns {Promise<Serving>}
 */
async function serveMock() {
  const { startMock } = await import('@payments-connect/mock');
  const mock = await startMock(spec ? { spec } : {});
  return { url: mock.url, path: path ?? loadSampleExchange().path, headers: probeHeaders(), stop: mock.stop };
}

/**
 * The emulator, as `startEmulator()` serves it: the seeded open case, with a token it issued.
 * @returns {Promise<Serving>}
 */
async function serveEmulator() {
  const { startEmulator } = await import('@payments-connect/emulator');
  const emulator = await startEmulator({ port: 0 });
  const answer = await fetch(`${emulator.url}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(emulator.credentials),
  });
  const { access_token: token } = await answer.json();
  return {
    url: emulator.url,
    path: `/v1/rfi/${emulator.fixtures.openRfiId}`,
    headers: { authorization: `Bearer ${token}`, accountid: emulator.accounts.primary.accountId },
    stop: emulator.stop,
  };
}

const serve = SERVERS[/** @type {keyof typeof SERVERS} */ (kind)];
if (!serve) throw new Error(`unknown server kind ${kind}`);
const serving = await serve();
const { stop, ...request } = serving;
process.on('message', async (message) => {
  if (message === 'memory') {
    globalThis.gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    process.send?.({ rss, heapUsed });
  } else if (message === 'stop') {
    await stop();
    process.exit(0);
  }
});
// Leave with the bench, whatever way it ends.
process.on('disconnect', () => process.exit(0));
process.send?.(request);
