// A server's control routes over real HTTP on 127.0.0.1: the body limit of every route, and the larger one a route
// may take for itself (the emulator's saved state).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../src/contract.js';
import { DEFAULT_LIMITS, startServer } from '../src/server.js';

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
beforeAll(async () => {
  server = await startServer({
    contract: loadContract(),
    name: 'control-test',
    answer: () => ({ status: 200 }),
    control: {
      prefix: '/_test',
      routes: [
        { method: 'PUT', path: '/small', handle: ({ body }) => ({ status: 200, body: { keys: Object.keys(body) } }) },
        {
          method: 'PUT',
          path: '/large',
          maxBodyBytes: 4 * DEFAULT_LIMITS.maxControlBodyBytes,
          handle: ({ body }) => ({ status: 200, body: { keys: Object.keys(body) } }),
        },
      ],
    },
  });
});
afterAll(() => server?.stop());

/**
 * @param {string} path
 * @param {number} bytes about as many as the body has
 */
async function put(path, bytes) {
  const response = await fetch(`${server.url}/_test${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ filler: 'x'.repeat(bytes) }),
  });
  return { status: response.status, body: await response.json() };
}

describe('control routes', () => {
  it('take bodies within maxControlBodyBytes and refuse larger ones in the envelope', async () => {
    expect(await put('/small', 1000)).toEqual({ status: 200, body: { keys: ['filler'] } });
    const refused = await put('/small', DEFAULT_LIMITS.maxControlBodyBytes);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`control bodies are at most ${DEFAULT_LIMITS.maxControlBodyBytes} bytes`);
  });

  it('refuse a path of no route, naming the one meant', async () => {
    const response = await fetch(`${server.url}/_test/smal`, { method: 'PUT' });
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe('no control route at /_test/smal; did you mean /_test/small?');
  });

  it('refuse a body that is no JSON, saying where it breaks and what was there', async () => {
    const response = await fetch(`${server.url}/_test/small`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{\n  "advanceSeconds": 60,\n  "tenantId": }',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: "control bodies are JSON: line 3, column 15: found '}' where a value was expected",
      details: { line: 3, column: 15, offset: 40, found: "'}'", expected: 'a value' },
    });
  });

  it("take up to a route's own maxBodyBytes, and refuse past it", async () => {
    expect(await put('/large', 2 * DEFAULT_LIMITS.maxControlBodyBytes)).toEqual({
      status: 200,
      body: { keys: ['filler'] },
    });
    const refused = await put('/large', 4 * DEFAULT_LIMITS.maxControlBodyBytes);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`control bodies are at most ${4 * DEFAULT_LIMITS.maxControlBodyBytes} bytes`);
  });
});
