// connectMock(url): the mock's control API over HTTP, against real servers on 127.0.0.1; errors that name the URL and
// the cause. The README's recipe (test/readme/) calls it from vitest workers, as a consumer's test files do.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { controlPathTemplates, SERVER_CONTROL_ROUTES } from '@payments-connect/contract/control';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_PREFIX, MOCK_CONTROL_ROUTES } from '../src/control-routes.js';
import { connectMock, startMock } from '../src/index.js';

const HEADERS = { Authorization: 'Bearer t', AccountId: '0f8fad5b-d9cb-469f-a165-70867728950e' };

/** @type {import('../src/index.js').RunningMock} */
let mock;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock?.stop());

describe('connectMock', () => {
  it('lists and forgets the requests the mock received, filtered as asked', async () => {
    const control = connectMock(`${mock.url}/`);
    expect(control.url).toBe(mock.url);
    await control.clearRequests();
    await fetch(`${mock.url}/v1/rfi`, { headers: HEADERS }).then((response) => response.arrayBuffer());
    await fetch(`${mock.url}/v1/rfi`, { headers: { ...HEADERS, Prefer: 'code=500' } }).then((r) => r.arrayBuffer());
    const all = await control.requests();
    expect(all.map((entry) => [entry.operationId, entry.status])).toEqual([
      ['listRfiCases', 200],
      ['listRfiCases', 500],
    ]);
    expect(all).toEqual(mock.requests());
    expect(await control.requests({ status: 500, operationId: 'listRfiCases' })).toEqual([all[1]]);
    expect(await control.requests({ since: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
    await control.clearRequests();
    expect(await control.requests()).toEqual([]);
  });

  it('sets, lists and clears answers; the mock answers with them', async () => {
    const control = connectMock(new URL(mock.url));
    await control.clearAnswers();
    expect(await control.setAnswer('getRfiCase', 'example=closedCase')).toEqual({
      operationId: 'getRfiCase',
      answer: 'example=closedCase',
      status: 200,
      example: 'closedCase',
    });
    await control.setAnswer('listRfiCases', 'code=404');
    expect(await control.answers()).toEqual({ getRfiCase: 'example=closedCase', listRfiCases: 'code=404' });
    expect((await fetch(`${mock.url}/v1/rfi`, { headers: HEADERS })).status).toBe(404);
    await control.clearAnswers('listRfiCases');
    expect(await control.answers()).toEqual({ getRfiCase: 'example=closedCase' });
    await control.clearAnswers();
    expect(await control.answers()).toEqual({});
  });

  it("rejects a refusal with the call, the URL and the mock's message", async () => {
    const control = connectMock(mock.url);
    await expect(control.setAnswer('getRfiCas', 'code=200')).rejects.toThrow(
      new RegExp(
        `^PUT ${mock.url}/_mock/answers/getRfiCas: 400 VALIDATION_FAILED: no operation getRfiCas in the contract; ` +
          'it has getRfiCase',
      ),
    );
    await expect(control.setAnswer('getRfiCase', 'code=409')).rejects.toThrow(
      ': 400 VALIDATION_FAILED: code=409: getRfiCase documents 400, 401, 403, 404, 405, 429, 200, 500',
    );
    // @ts-expect-error a filter the journal does not know, as an untyped caller could pass it
    await expect(control.requests({ state: 'open' })).rejects.toThrow(
      `GET ${mock.url}/_mock/requests?state=open: 400 VALIDATION_FAILED: unknown filter state`,
    );
  });

  it('rejects with the URL and the cause when no mock answers there', async () => {
    const gone = await startMock();
    await gone.stop();
    await expect(connectMock(gone.url).requests()).rejects.toThrow(
      new RegExp(
        `^GET ${gone.url}/_mock/requests: connection refused: nothing listens there ` +
          '\\(connect ECONNREFUSED [^)]*\\); is the mock running at',
      ),
    );
    const other = createServer((_, response) => response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>'));
    await new Promise((resolve) => other.listen(0, '127.0.0.1', () => resolve(undefined)));
    const address = /** @type {import('node:net').AddressInfo} */ (other.address());
    const otherUrl = `http://127.0.0.1:${address.port}`;
    try {
      await expect(connectMock(otherUrl).answers()).rejects.toThrow(
        `GET ${otherUrl}/_mock/answers: 404 with a body that is no JSON: is the mock running at ${otherUrl}?`,
      );
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('refuses a URL that is no http(s) URL at once, with a TypeError', () => {
    expect(() => connectMock('127.0.0.1:4010')).toThrow(TypeError);
    expect(() => connectMock('ftp://127.0.0.1:4010')).toThrow(
      "connectMock takes the mock's http(s) URL, got ftp://127.0.0.1:4010",
    );
  });
});

describe('the control routes, declared once', () => {
  const routes = { ...SERVER_CONTROL_ROUTES, ...MOCK_CONTROL_ROUTES };

  it('are the methods of connectMock, one per route', async () => {
    const control = connectMock(mock.url);
    const methods = Object.keys(control).filter((name) => typeof Reflect.get(control, name) === 'function');
    expect(methods.sort()).toEqual(Object.keys(routes).sort());
    expect(await control.health()).toEqual({ status: 'ok', server: 'mock' });
  });

  it("are the reference's table of the control API, each with its method, path and call", () => {
    const readme = readFileSync(new URL('../REFERENCE.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## The control API'));
    const rows = section
      .slice(0, section.indexOf('\n\n', section.indexOf('| HTTP')))
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    const documented = rows.map((row) => {
      const [http = '', call = ''] = row.split('|').slice(1);
      return [/`(\w+)\(/.exec(call)?.[1], [...http.matchAll(/`([A-Z]+ [^`]*)`/g)].map((m) => m[1])];
    });
    const declared = Object.entries(routes).map(([name, route]) => [
      name,
      controlPathTemplates(route.path).map((path) => `${route.method} ${CONTROL_PREFIX}${path}`),
    ]);
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(declared));
    expect(documented).toHaveLength(declared.length);
  });
});
