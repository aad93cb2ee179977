import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelined } from '../src/abusive-clients.js';
import { parseAnswer, sendRaw } from '../src/raw-exchange.js';

/** @type {import('node:http').Server} */
let server;
let url = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    response.setHeader('Content-Type', 'text/plain');
    response.end(`${request.method} ${request.url}`);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  url = `http://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('parseAnswer', () => {
  it('reads status, lower-case headers and body', () => {
    expect(parseAnswer('HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nX-A: 1\r\n\r\nnope')).toEqual({
      status: 404,
      headers: { 'content-type': 'text/plain', 'x-a': '1' },
      body: 'nope',
      raw: 'HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nX-A: 1\r\n\r\nnope',
    });
  });

  it('says 0 for nothing parseable', () => {
    expect(parseAnswer('').status).toBe(0);
  });
});

describe('sendRaw and pipelined, against a real server', () => {
  it('send the bytes as written and read the answer', async () => {
    const answer = await sendRaw(url, 'GET /a%20b HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer).toMatchObject({ status: 200, body: 'GET /a%20b' });
  });

  it('read pipelined answers in order', async () => {
    const get = (/** @type {string} */ path) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`;
    expect(await pipelined(url, [get('/1'), get('/2'), get('/3')])).toEqual([200, 200, 200]);
  });
});
