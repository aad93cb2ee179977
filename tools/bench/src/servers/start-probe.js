#!/usr/bin/env node
// Child process of the bench: times a server's start as a test suite pays for it, in a fresh Node process: from
// before its package is imported to its first 200. Receives { kind, spec, path } as JSON in argv[2] (path: what the
// mock is asked for); prints { importMs, readyMs, firstOkMs, status } (or { failed }) as one JSON line.
import { performance } from 'node:perf_hooks';
import { probeHeaders } from '../mock-request.js';
import { requestStatus } from './request-status.js';

const { kind, spec, path } = JSON.parse(process.argv[2] ?? '{}');

/**
 * @typedef {{ path: string, method?: string, headers?: Record<string, string>, body?: string }} FirstRequest
 * @typedef {{ url: string, request: FirstRequest, stop: () => Promise<unknown> }} Started
 */

/** Each kind: import, start, and the first request that must answer 200. */
const STARTS = {
  /** @returns {Promise<Started>} */
  async bare() {
    const http = await import('node:http');
    const server = http.createServer((_, response) => response.writeHead(200).end('{}'));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    const stop = () => new Promise((resolve) => server.close(resolve));
    return { url: `http://127.0.0.1:${port}`, request: { path: '/' }, stop };
  },
  /** @returns {Promise<Started>} */
  async mock() {
    const { startMock } = await import('@payments-connect/mock');
    imported = performance.now();
    const mock = await startMock(spec ? { spec } : {});
    return { url: mock.url, request: { path, headers: probeHeaders() }, stop: mock.stop };
  },
  /** @returns {Promise<Started>} */
  async emulator() {
    const { startEmulator } = await import('@payments-connect/emulator');
    imported = performance.now();
    const emulator = await startEmulator({ port: 0 });
    const request = {
      path: '/auth/token',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(emulator.credentials),
    };
    return { url: emulator.url, request, stop: emulator.stop };
  },
};

const started = performance.now();
let imported = started;
/** @type {Started | undefined} */
let server;
try {
  const start = STARTS[/** @type {keyof typeof STARTS} */ (kind)];
  if (!start) throw new Error(`unknown server kind ${kind}`);
  server = await start();
  const readyMs = performance.now() - started;
  const { path: requestPath, ...init } = server.request;
  const status = await requestStatus(server.url + requestPath, init);
  const firstOkMs = performance.now() - started;
  console.log(JSON.stringify({ importMs: imported - started, readyMs, firstOkMs, status }));
} catch (error) {
  console.log(JSON.stringify({ failed: error instanceof Error ? error.message : String(error) }));
} finally {
  await server?.stop();
}
