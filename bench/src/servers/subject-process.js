#!/usr/bin/env node
// Child process of the bench: one server under measurement, alone in its process (its own core on a 2-core machine,
// the load generator having the other). It times its own start as a test suite pays for it: from before its package
// is imported (Node running) to its first 200, sent with node:http; its static imports are Node's and two small
// modules. Settings as JSON in argv[2] (start-subject.js); once its request answers 200, it sends over IPC the
// request the load repeats and its start time. It answers 'memory' with its memory after a
// full garbage collection (run with --expose-gc), and ends on 'stop' or when the bench goes away.
import { performance } from 'node:perf_hooks';
import { answerBody, answerHeaders } from '../clients/answer-exchange.js';
import { httpRequest } from './http-request.js';

const started = performance.now();
/** @type {import('./start-subject.js').SubjectSettings} */
const { kind, spec, path, headers, bodies, upstream } = JSON.parse(process.argv[2] ?? '{}');

/**
 * Each kind: import, start, and the request the load repeats; `firstOkMs` when its first 200 came before that one.
 * @type {Record<string, () => Promise<{ url: string, path: string, headers: Record<string, string>,
 *   stop: () => Promise<unknown>, firstOkMs?: number }>>}
 */
const SERVERS = {
  // A bare node:http server answering the sample's bytes: no routing, no checks; the floor of every server figure.
  async bare() {
    const http = await import('node:http');
    const server = http.createServer((request, response) => {
      request.resume().on('end', () => {
        const body = answerBody(bodies, new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
        response.writeHead(200, answerHeaders(body)).end(body);
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    const stop = () => new Promise((resolve) => server.close(resolve).closeAllConnections());
    return { url: `http://127.0.0.1:${port}`, path, headers, stop };
  },
  // The minimal plain proxy: node:http in front, undici's Pool behind (as the mock's proxy forwards), the request's
  // body buffered, the method, target and headers passed on, the answer buffered and sent with its length; no checks,
  // no journal, and no timers (undici's and node:http's own turned off). What a hop through a Node process costs, at
  // its least, measured beside the validating proxy.
  async 'bare-proxy'() {
    const [http, { Pool }] = await Promise.all([import('node:http'), import('undici')]);
    const pool = new Pool(/** @type {string} */ (upstream), { headersTimeout: 0, bodyTimeout: 0 });
    const server = http.createServer((request, response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      request.on('data', (chunk) => chunks.push(chunk));
      request.on('end', async () => {
        const { host, connection, ...passed } = request.headers;
        const forwarded = await pool.request({
          method: /** @type {import('undici').Dispatcher.HttpMethod} */ (request.method ?? 'GET'),
          path: request.url ?? '/',
          headers: passed,
          body: chunks.length === 0 ? null : Buffer.concat(chunks),
        });
        const body = Buffer.from(await forwarded.body.arrayBuffer());
        const type = forwarded.headers['content-type'] ?? 'application/json';
        response.writeHead(forwarded.statusCode, { 'content-type': type, 'content-length': body.length }).end(body);
      });
    });
    Object.assign(server, { headersTimeout: 0, requestTimeout: 0, keepAliveTimeout: 0 });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    const stop = () => new Promise((resolve) => server.close(resolve).closeAllConnections()).then(() => pool.close());
    return { url: `http://127.0.0.1:${port}`, path, headers, stop };
  },
  async mock() {
    const { startMock } = await import('@payments-connect/mock');
    const mock = await startMock(spec ? { spec } : {});
    return { url: mock.url, path, headers, stop: mock.stop };
  },
  // The emulator's seeded open case, with a token it issued: its first 200 is that token.
  async emulator() {
    const { startEmulator } = await import('@payments-connect/emulator');
    const emulator = await startEmulator({ port: 0 });
    const body = JSON.stringify(emulator.credentials);
    const token = await httpRequest(`${emulator.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    if (token.status !== 200) throw new Error(`emulator: POST /auth/token answered ${token.status}`);
    const authorization = `Bearer ${JSON.parse(token.body).access_token}`;
    return {
      url: emulator.url,
      path: `/v1/rfi/${emulator.fixtures.openRfiId}`,
      headers: { authorization, accountid: emulator.accounts.primary.accountId },
      stop: emulator.stop,
      firstOkMs: performance.now() - started,
    };
  },
};

const serve = SERVERS[kind];
if (!serve) throw new Error(`unknown server kind ${kind}`);
const { stop, firstOkMs, ...request } = await serve();
const answer = await httpRequest(request.url + request.path, { headers: request.headers });
if (answer.status !== 200) throw new Error(`${kind}: GET ${request.path} answered ${answer.status}, not 200`);
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
process.send?.({ ...request, firstOkMs: firstOkMs ?? performance.now() - started });
