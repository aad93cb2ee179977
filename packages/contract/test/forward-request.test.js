// The validating proxy's forwarder, over real HTTP(S) on 127.0.0.1: what it passes on in each direction, the pooled
// connection it reuses (and the one retry a closed one earns), how an upstream fails, and the proxy's pipeline judging
// a compressed answer by its decoded JSON.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, deflateSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../src/contract.js';
import { createForwarder } from '../src/server/forward-request.js';
import { RefusalError, startServer } from '../src/server.js';

const FORWARDER = fileURLToPath(new URL('../src/server/forward-request.js', import.meta.url));
const CERT = fileURLToPath(new URL('./fixtures/self-signed-cert.pem', import.meta.url));
const KEY = fileURLToPath(new URL('./fixtures/self-signed-key.pem', import.meta.url));
const RFI = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';
const CASE = { rfiId: RFI, status: 'OPEN', questions: [], documentRequests: [] };
const AUTH = { authorization: ['Bearer forward-test-token'], accountid: ['0f8fad5b-d9cb-469f-a165-70867728950e'] };
/** Every byte value, so that a body that is not passed on byte for byte shows. */
const BINARY = Uint8Array.from({ length: 512 }, (_, index) => index % 256);

/**
 * @typedef {{ method: string, url: string, headers: import('node:http').IncomingHttpHeaders, body: Buffer,
 *   connection: number }} Received
 */

/**
 * A node:http upstream on a free port that records what reaches it and on which connection.
 * @param {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => void} answer
 */
async function startUpstream(answer, { secure = false } = {}) {
  /** @type {Received[]} */
  const received = [];
  const connections = new Map();
  /** @type {import('node:http').RequestListener} */
  const listener = (request, response) => {
    /** @type {Buffer[]} */
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const { method = '', url = '', headers } = request;
      received.push({ method, url, headers, body: Buffer.concat(chunks), connection: connections.get(request.socket) });
      answer(request, response);
    });
  };
  const server = secure
    ? createHttpsServer({ cert: await readFile(CERT), key: await readFile(KEY) }, listener)
    : createServer(listener);
  // Idle connections stay open until a client closes them (Node would close them after 5 s): what closes one shows.
  server.keepAliveTimeout = 0;
  /** @type {Promise<void>[]} */
  const closed = [];
  server.on(secure ? 'secureConnection' : 'connection', (socket) => {
    connections.set(socket, connections.size + 1);
    closed.push(new Promise((resolve) => socket.once('close', () => resolve(undefined))));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `${secure ? 'https' : 'http'}://127.0.0.1:${port}`,
    received,
    /** every connection the upstream accepted, closed */
    allClosed: () => Promise.all(closed),
    stop: () => new Promise((resolve) => server.close(resolve).closeAllConnections()),
  };
}

/** @param {Record<string, string | string[]>} headers */
const distinct = (headers) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value].flat()]));

/** @type {Array<() => unknown>} */
const cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * @param {Parameters<typeof startUpstream>[0]} answer
 * @param {{ path?: string, timeoutMs?: number }} [options]
 */
async function forwarderTo(answer, { path = '', timeoutMs = 30_000 } = {}) {
  const upstream = await startUpstream(answer);
  const forwarder = createForwarder(`${upstream.url}${path}`, { timeoutMs });
  cleanups.push(upstream.stop, forwarder.close);
  return { upstream, forwarder };
}

describe('createForwarder', () => {
  it("passes a request on as it came, below the upstream's path; drops the hop-by-hop headers", async () => {
    const { upstream, forwarder } = await forwarderTo((_, response) => response.end(), { path: '/sandbox/' });
    const headers = distinct({
      ...AUTH,
      host: 'proxy.example',
      'content-type': 'application/octet-stream',
      'x-twice': ['one', 'two'],
      connection: 'keep-alive, X-Hop-Only',
      'x-hop-only': 'for the proxy',
      'keep-alive': 'timeout=5',
      te: 'trailers',
      'proxy-authorization': 'Basic cHJveHk6cHJveHk=',
      upgrade: 'websocket',
      expect: '100-continue',
      'transfer-encoding': 'chunked',
    });
    await forwarder.forward(
      { method: 'PUT', url: '/v1/rfi/x?status=OPEN&status=CLOSED', headersDistinct: headers },
      BINARY,
    );
    const [request] = upstream.received;
    expect(request?.method).toBe('PUT');
    expect(request?.url).toBe('/sandbox/v1/rfi/x?status=OPEN&status=CLOSED');
    expect(request?.body.equals(BINARY)).toBe(true);
    expect(request?.headers).toMatchObject({
      authorization: 'Bearer forward-test-token',
      accountid: AUTH.accountid[0],
      'content-type': 'application/octet-stream',
      'x-twice': 'one, two',
      'content-length': String(BINARY.length),
      host: new URL(upstream.url).host,
    });
    for (const name of [
      'x-hop-only',
      'keep-alive',
      'te',
      'proxy-authorization',
      'upgrade',
      'expect',
      'transfer-encoding',
    ])
      expect(request?.headers).not.toHaveProperty(name);
  });

  it('passes the answer back as it came, a redirect too (not followed); drops its hop-by-hop headers', async () => {
    const { upstream, forwarder } = await forwarderTo((_, response) => {
      response.writeHead(302, {
        Location: '/v1/rfi/elsewhere',
        'Set-Later': 'kept',
        Connection: 'X-Answer-Hop',
        'X-Answer-Hop': 'for the proxy',
        'Content-Type': 'application/octet-stream',
      });
      response.end(Buffer.from(BINARY));
    });
    const answer = await forwarder.forward({ method: 'GET', url: '/v1/rfi', headersDistinct: AUTH }, new Uint8Array());
    expect(answer.status).toBe(302);
    expect(answer.headers).toMatchObject({ location: '/v1/rfi/elsewhere', 'set-later': 'kept' });
    for (const name of ['x-answer-hop', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])
      expect(answer.headers).not.toHaveProperty(name);
    expect(Buffer.from(answer.raw).equals(BINARY)).toBe(true);
    expect(upstream.received.map((request) => request.url)).toEqual(['/v1/rfi']);
  });

  it('keeps a compressed answer as it came, with its Content-Encoding, and decodes its text to be judged', async () => {
    const json = JSON.stringify(CASE);
    /** @type {Record<string, Buffer>} */
    const encoded = {
      gzip: gzipSync(json),
      br: brotliCompressSync(json),
      deflate: deflateSync(json),
      'gzip, br': brotliCompressSync(gzipSync(json)),
      zstd: Buffer.from('not zstd at all'),
    };
    const { forwarder } = await forwarderTo((request, response) => {
      const coding = String(request.headers['x-coding']);
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': coding });
      response.end(encoded[coding]);
    });
    for (const [coding, bytes] of Object.entries(encoded)) {
      const headersDistinct = { ...AUTH, 'x-coding': [coding] };
      const answer = await forwarder.forward({ method: 'GET', url: `/v1/rfi/${RFI}`, headersDistinct }, BINARY);
      expect(answer.headers['content-encoding']).toBe(coding);
      expect(Buffer.from(answer.raw).equals(bytes)).toBe(true);
      if (coding === 'zstd') {
        expect(answer.text).toBe('not zstd at all');
        expect(answer.notes).toEqual([
          "the answer's Content-Encoding zstd could not be decoded (zstd is not supported): judged as it was sent",
        ]);
      } else expect([answer.text, answer.notes]).toEqual([json, []]);
    }
  });

  it('sends requests in turn over one pooled keep-alive connection, and closes it on close()', async () => {
    const upstream = await startUpstream((_, response) => response.end('{}'));
    // Idle far longer than the test may take: only close() ends the connection.
    const forwarder = createForwarder(upstream.url, { timeoutMs: 30_000, idleMs: 3_600_000 });
    cleanups.push(upstream.stop);
    for (let index = 0; index < 5; index += 1) {
      await forwarder.forward({ method: 'GET', url: `/v1/rfi?n=${index}`, headersDistinct: AUTH }, new Uint8Array());
      // Let the socket go back to the pool before the next request, as it does between a client's requests.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(upstream.received.map((request) => request.connection)).toEqual([1, 1, 1, 1, 1]);
    forwarder.close();
    await upstream.allClosed(); // ends the test only once the upstream saw the connection close
  });

  it('sends a GET once more when the upstream closes the connection unanswered; never a POST', async () => {
    // An upstream that answers the first request of each connection and drops the connection on the next (what a
    // server that closes idle connections does to a client that reuses one at that moment), and drops `/drop` always.
    /** @type {string[]} */
    const seen = [];
    const raw = createNetServer((socket) => {
      let requests = 0;
      socket.on('data', (chunk) => {
        const [method, target] = (chunk.toString('latin1').split('\r\n')[0] ?? '').split(' ');
        requests += 1;
        seen.push(`${method} ${target} #${requests}`);
        if (requests > 1 || target === '/drop') socket.destroy();
        else socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
      });
    });
    await new Promise((resolve) => raw.listen(0, '127.0.0.1', () => resolve(undefined)));
    const { port } = /** @type {import('node:net').AddressInfo} */ (raw.address());
    const forwarder = createForwarder(`http://127.0.0.1:${port}`, { timeoutMs: 30_000 });
    cleanups.push(() => new Promise((resolve) => raw.close(resolve)), forwarder.close);
    const send = (/** @type {string} */ method, /** @type {string} */ url) =>
      forwarder.forward({ method, url, headersDistinct: AUTH }, method === 'POST' ? BINARY : new Uint8Array());
    const settle = () => new Promise((resolve) => setImmediate(resolve));

    expect((await send('GET', '/v1/rfi')).status).toBe(200);
    await settle();
    expect((await send('GET', '/v1/rfi')).status).toBe(200);
    expect(seen).toEqual(['GET /v1/rfi #1', 'GET /v1/rfi #2', 'GET /v1/rfi #1']);
    seen.length = 0;
    const dropped = { status: 502, message: expect.stringContaining('cannot be reached: other side closed') };
    await expect(send('GET', '/drop')).rejects.toMatchObject(dropped);
    expect(seen.map((line) => line.replace(/ #\d+$/, ''))).toEqual(['GET /drop', 'GET /drop']);
    seen.length = 0;
    await expect(send('POST', '/drop')).rejects.toMatchObject({ status: 502 });
    expect(seen.map((line) => line.replace(/ #\d+$/, ''))).toEqual(['POST /drop']);
  });

  it('is a 502 RefusalError when the upstream cannot be reached, or breaks its answer off', async () => {
    const gone = createForwarder('http://127.0.0.1:9', { timeoutMs: 30_000 });
    cleanups.push(gone.close);
    const refused = gone.forward({ method: 'GET', url: '/v1/rfi', headersDistinct: AUTH }, new Uint8Array());
    await expect(refused).rejects.toThrow(RefusalError);
    await expect(refused).rejects.toMatchObject({
      status: 502,
      message: 'the upstream http://127.0.0.1:9 cannot be reached: ECONNREFUSED',
    });

    const { upstream, forwarder } = await forwarderTo((_, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
      response.write('{"rfiId":', () => response.socket?.destroy());
    });
    const brokenOff = forwarder.forward({ method: 'GET', url: '/v1/rfi', headersDistinct: AUTH }, new Uint8Array());
    await expect(brokenOff).rejects.toMatchObject({
      status: 502,
      message: expect.stringMatching(new RegExp(`^the upstream ${upstream.url} broke its answer off: `)),
    });
  });

  it('is a 504 RefusalError when the whole answer takes longer than the timeout, its head come or not', async () => {
    const { forwarder } = await forwarderTo(
      (request, response) => {
        // Never ends: only the forwarder's timer can.
        if (request.url === '/head-only') response.writeHead(200, { 'Content-Type': 'application/json' }).write('{');
      },
      { timeoutMs: 200 },
    );
    for (const url of ['/silent', '/head-only']) {
      const late = forwarder.forward({ method: 'GET', url, headersDistinct: AUTH }, new Uint8Array());
      await expect(late).rejects.toMatchObject({
        status: 504,
        message: expect.stringMatching(/^the upstream http:\/\/127\.0\.0\.1:\d+ did not answer GET within 200 ms$/),
      });
    }
  });
});

describe('createForwarder to an https upstream', () => {
  /** @type {Awaited<ReturnType<typeof startUpstream>>} */
  let upstream;
  beforeAll(async () => {
    upstream = await startUpstream((_, response) => response.end(JSON.stringify(CASE)), { secure: true });
  });
  afterAll(() => upstream.stop());

  it('refuses one whose certificate no CA it trusts signed: a 502 that names why', async () => {
    const forwarder = createForwarder(upstream.url, { timeoutMs: 30_000 });
    cleanups.push(forwarder.close);
    const untrusted = forwarder.forward({ method: 'GET', url: '/v1/rfi', headersDistinct: AUTH }, new Uint8Array());
    await expect(untrusted).rejects.toMatchObject({
      status: 502,
      message: `the upstream ${upstream.url} cannot be reached: DEPTH_ZERO_SELF_SIGNED_CERT`,
    });
    expect(upstream.received).toEqual([]);
  });

  it('forwards to one whose certificate NODE_EXTRA_CA_CERTS trusts, over one pooled connection', async () => {
    // Node reads NODE_EXTRA_CA_CERTS when it starts: the forwarder runs in a process of its own.
    const script = `
      import { createForwarder } from ${JSON.stringify(FORWARDER)};
      const forwarder = createForwarder(process.argv[1], { timeoutMs: 30_000 });
      const answers = [];
      for (const url of ['/v1/rfi/1', '/v1/rfi/2']) {
        answers.push(await forwarder.forward({ method: 'GET', url, headersDistinct: {} }, new Uint8Array()));
        await new Promise((resolve) => setImmediate(resolve));
      }
      forwarder.close();
      console.log(JSON.stringify(answers.map(({ status, text }) => ({ status, text }))));`;
    const stdout = await new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        ['--input-type=module', '--eval', script, `${upstream.url}/sandbox`],
        { env: { ...process.env, NODE_EXTRA_CA_CERTS: CERT } },
        (error, out, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(out)),
      );
    });
    const text = JSON.stringify(CASE);
    expect(JSON.parse(String(stdout))).toEqual([
      { status: 200, text },
      { status: 200, text },
    ]);
    expect(upstream.received.map(({ url, connection }) => ({ url, connection }))).toEqual([
      { url: '/sandbox/v1/rfi/1', connection: 1 },
      { url: '/sandbox/v1/rfi/2', connection: 1 },
    ]);
  });
});

describe("the proxy's pipeline and a compressed answer", () => {
  const contract = loadContract();
  const DRIFTED = '5a0b4f6e-7b8c-4d9e-8f0a-1b2c3d4e5f60';
  /** @type {Awaited<ReturnType<typeof startUpstream>>} */
  let upstream;
  /** @type {Awaited<ReturnType<typeof startServer>>} */
  let proxy;
  beforeAll(async () => {
    upstream = await startUpstream((request, response) => {
      const body = request.url === `/v1/rfi/${RFI}` ? CASE : { ...CASE, rfiId: 'drifted' };
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      response.end(gzipSync(JSON.stringify(body)));
    });
    proxy = await startServer({ contract, name: 'proxy', upstream: upstream.url });
  });
  afterAll(async () => {
    await proxy.stop();
    await upstream.stop();
  });

  it('passes it on compressed, with its Content-Encoding, and judges and journals its decoded JSON', async () => {
    const answer = await new Promise((resolve, reject) => {
      const headers = { authorization: AUTH.authorization[0], accountid: AUTH.accountid[0] };
      httpRequest(`${proxy.url}/v1/rfi/${RFI}`, { headers }, (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    expect(answer.headers).toMatchObject({ 'content-encoding': 'gzip', 'x-contract-violations': '0' });
    expect(answer.headers['content-length']).toBe(String(answer.body.length));
    expect(JSON.parse(gunzipSync(answer.body).toString('utf8'))).toEqual(CASE);
    expect(proxy.requests().at(-1)).toMatchObject({
      status: 200,
      answerViolations: [],
      answerBody: JSON.stringify(CASE),
    });

    // fetch decodes it as it would the upstream's own; a drifted body is judged by what it holds.
    const drifted = await fetch(`${proxy.url}/v1/rfi/${DRIFTED}`, {
      headers: { Authorization: AUTH.authorization[0], AccountId: AUTH.accountid[0] },
    });
    expect(drifted.headers.get('x-contract-violations')).toBe('1');
    expect((await drifted.json()).rfiId).toBe('drifted');
    expect(proxy.requests().at(-1)?.answerViolations).toEqual([
      expect.objectContaining({ location: 'body', name: 'rfiId', rule: 'format' }),
    ]);
  });
});
