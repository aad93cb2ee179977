import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJsonText } from '../src/server/pipeline/send-answer.js';

/** What each path answers, through sendJsonText. */
const ANSWERS = {
  '/plain': (/** @type {import('node:http').ServerResponse} */ res) => sendJsonText(res, 200, '{"a":"é"}'),
  '/headers': (/** @type {import('node:http').ServerResponse} */ res) =>
    sendJsonText(res, 429, '{}', { 'Retry-After': '1', 'content-type': 'text/plain', 'CONTENT-LENGTH': '999' }),
  '/empty': (/** @type {import('node:http').ServerResponse} */ res) => sendJsonText(res, 204, undefined),
  '/twice': (/** @type {import('node:http').ServerResponse} */ res) => {
    sendJsonText(res, 200, '{"first":true}');
    sendJsonText(res, 500, '{"second":true}');
  },
};

describe('sendJsonText', () => {
  /** @type {import('node:http').Server} */
  let server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => ANSWERS[/** @type {keyof typeof ANSWERS} */ (req.url)](res));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
    base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sends the JSON text with its type and its length in bytes', async () => {
    const response = await fetch(`${base}/plain`);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength('{"a":"é"}')));
    expect(await response.json()).toEqual({ a: 'é' });
  });

  it("keeps the caller's headers, one per name whatever its case, with its own type and length last", async () => {
    const response = await fetch(`${base}/headers`);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('content-length')).toBe('2');
  });

  it('sends no body and no type for an answer without one', async () => {
    const response = await fetch(`${base}/empty`);
    expect(response.status).toBe(204);
    expect(response.headers.get('content-type')).toBeNull();
    expect(await response.text()).toBe('');
  });

  it('sends nothing once an answer has started', async () => {
    const response = await fetch(`${base}/twice`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ first: true });
  });
});
