// startMock(): the mock in the caller's process, on a free port, answering from the spec.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as publicApi from '../src/index.js';
import { startMock } from '../src/index.js';

const HEADERS = { Authorization: 'Bearer t', AccountId: '0f8fad5b-d9cb-469f-a165-70867728950e' };
const RFI_ID = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';

/** @type {import('../src/index.js').RunningMock} */
let mock;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock?.stop());

/** @param {string} path @param {Record<string, string>} [headers] */
const get = (path, headers = {}) => fetch(`${mock.url}${path}`, { headers: { ...HEADERS, ...headers } });

it('exports startMock, connectMock and its defaults, and importing it loads no Prism', () => {
  expect(Object.keys(publicApi).sort()).toEqual([
    'AnswerError',
    'CONTROL_PREFIX',
    'ControlCallError',
    'DEFAULT_HOST',
    'DEFAULT_PORT',
    'MAX_BODY_BYTES',
    'RecordingError',
    'RefusalError',
    'connectMock',
    'startMock',
  ]);
  // Prism's generators are for dynamic answers only: a mock of named examples never pays for them.
  expect(Object.keys(createRequire(import.meta.url).cache).filter((file) => file.includes('@stoplight'))).toEqual([]);
});

describe('startMock', () => {
  it('listens on a free loopback port and answers the first success with its first named example', async () => {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await get(`/v1/rfi/${RFI_ID}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ rfiId: RFI_ID, questions: expect.any(Array) });
  });

  it('answers the status and named example Prefer asks for, with documented headers', async () => {
    const closed = await get(`/v1/rfi/${RFI_ID}`, { Prefer: 'example=closedCase' });
    expect(await closed.json()).toMatchObject({ status: 'CLOSED' });
    const limited = await get('/v1/rfi', { Prefer: 'code=429' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(await limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const conflict = await get(`/v1/rfi/${RFI_ID}`, { Prefer: 'code=404, example=otherAccountCase' });
    expect(conflict.status).toBe(404);
    expect((await get('/v1/rfi', { __ignored: 'x' })).status).toBe(200);
    const byQuery = await fetch(`${mock.url}/v1/rfi?__code=500`, { headers: HEADERS });
    expect(byQuery.status).toBe(500);
  });

  it('refuses a Prefer the spec cannot answer, naming what it has, closest first (400, the envelope)', async () => {
    const undocumented = await get('/v1/rfi', { Prefer: 'code=418' });
    expect(undocumented.status).toBe(400);
    expect((await undocumented.json()).message).toBe(
      'Prefer code=418: listRfiCases documents 400, 401, 403, 404, 405, 429, 200, 500',
    );
    const misspelt = await get(`/v1/rfi/${RFI_ID}`, { Prefer: 'example=closedcase' });
    expect((await misspelt.json()).message).toMatch(
      /^Prefer example=closedcase: getRfiCase has no example of that name; it has closedCase, /,
    );
    const unknown = await get(`/v1/rfi/${RFI_ID}`, { Prefer: 'code=200, example=nope' });
    expect((await unknown.json()).message).toBe(
      'Prefer example=nope: the 200 of getRfiCase has examples openCase, closedCase, cancelledCase',
    );
    const notStatus = await get('/v1/rfi', { Prefer: 'code=abc' });
    expect((await notStatus.json()).message).toBe('Prefer code=abc is not an HTTP status');
  });

  it('refuses a port in use with a clear message', async () => {
    await expect(startMock({ port: mock.port })).rejects.toThrow(`port ${mock.port} on 127.0.0.1 is already in use`);
  });

  it('refuses a spec it cannot serve, saying why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-mock-'));
    try {
      const files = {
        'broken.yaml': 'openapi: 3.1.0\ninfo: [never closed\n',
        'old.json': '{"openapi":"3.0.3","info":{"title":"x","version":"1"},"paths":{}}',
        'empty.yaml': 'openapi: 3.1.0\ninfo: { title: empty, version: "1" }\npaths: {}\n',
      };
      for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
      await expect(startMock({ spec: join(dir, 'broken.yaml') })).rejects.toThrow('does not parse');
      await expect(startMock({ spec: join(dir, 'old.json') })).rejects.toThrow('is not an OpenAPI 3.1 document');
      await expect(startMock({ spec: join(dir, 'empty.yaml') })).rejects.toThrow('it has no operations');
      await expect(startMock({ spec: join(dir, 'missing.json') })).rejects.toThrow('cannot read the spec');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('stop()', () => {
  it('closes every connection and frees the port; twice is fine', async () => {
    const other = await startMock();
    const agent = new http.Agent({ keepAlive: true });
    await new Promise((resolve) => http.get(`${other.url}/`, { agent }, (r) => r.resume().on('end', resolve)));
    await other.stop();
    await other.stop();
    agent.destroy();
    const refused = await new Promise((resolve) => {
      http.get(other.url, () => resolve(false)).on('error', (error) => resolve(/** @type {any} */ (error).code));
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});
