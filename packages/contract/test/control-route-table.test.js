// One declaration per control route: a table the server binds handlers to by name, and from which the remote client
// (over HTTP on 127.0.0.1) and the in-process one make the same methods, taking the same arguments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../src/contract.js';
import {
  ControlCallError,
  controlPathTemplates,
  controlRouteLabel,
  createControlClient,
  defineControlRoutes,
  fillControlPath,
  inProcessControl,
  SERVER_CONTROL_ROUTES,
} from '../src/control.js';
import { bindControlRoutes, DEFAULT_LIMITS, RefusalError, startServer } from '../src/server.js';

/** @typedef {import('../src/control/control-route-table.js').ControlRequest} ControlRequest */
/**
 * @template {unknown[]} [Args=[]]
 * @template [Result=unknown]
 * @typedef {import('../src/control/control-route-table.js').ControlRouteDeclaration<Args, Result>} Route
 */

const ROUTES = defineControlRoutes({
  /** @type {Route<[], { notes: string[] }>} */
  list: { method: 'GET', path: '' },
  /** @type {Route<[id: string, note: string], { id: string, note: string, tags: string[] }>} */
  addNote: {
    method: 'PUT',
    path: '/notes/{id}',
    toRequest: (id, note) => ({ params: { id }, body: { note } }),
    fromAnswer: (body) => body.saved,
  },
  /** @type {Route<[filter?: { tag?: string, limit?: number }], string[]>} */
  find: {
    method: 'GET',
    path: '/notes',
    toRequest: (filter = {}) => ({ query: filter }),
    fromAnswer: (body) => body.items,
  },
  /** @type {Route<[id?: string], void>} */
  forget: { method: 'DELETE', path: '/notes{/id}', toRequest: (id) => ({ params: { id } }) },
  /** @type {Route<[], { waited: true }>} */
  wait: { method: 'POST', path: '/wait' },
  /** @type {Route<[blob: object], number>} */
  upload: { method: 'PUT', path: '/blob', toRequest: (blob) => ({ body: blob }), bodyLimit: 'request' },
});

/** What the handlers below were asked, in order: what each call turned into. */
const seen = /** @type {Array<{ route: string, params: Record<string, string>, query: string, body: unknown }>} */ ([]);
/** @type {Map<string, string>} */
const notes = new Map();

/**
 * @param {string} route
 * @param {ControlRequest} request
 */
const record = (route, { params, query, body }) => seen.push({ route, params, query: String(query), body });

const handlers = {
  list: (/** @type {ControlRequest} */ request) => {
    record('list', request);
    return { status: 200, body: { notes: [...notes.values()] } };
  },
  addNote: (/** @type {ControlRequest} */ request) => {
    record('addNote', request);
    if (typeof request.body.note !== 'string') throw new RefusalError(400, 'note must be a string');
    notes.set(request.params.id ?? '', request.body.note);
    return { status: 201, body: { saved: { id: request.params.id, note: request.body.note, tags: [] } } };
  },
  find: (/** @type {ControlRequest} */ request) => {
    record('find', request);
    const tag = request.query.get('tag');
    return { status: 200, body: { items: [...notes.values()].filter((note) => !tag || note.includes(tag)) } };
  },
  forget: (/** @type {ControlRequest} */ request) => {
    record('forget', request);
    if (request.params.id === undefined) notes.clear();
    else notes.delete(request.params.id);
    return { status: 204, body: 'never sent' };
  },
  wait: async (/** @type {ControlRequest} */ request) => {
    record('wait', request);
    await new Promise((resolve) => setImmediate(resolve));
    return { status: 200, body: { waited: true } };
  },
  upload: (/** @type {ControlRequest} */ request) => {
    record('upload', request);
    return { status: 200, body: JSON.stringify(request.body).length };
  },
};

/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
beforeAll(async () => {
  server = await startServer({
    contract: loadContract(),
    name: 'table-test',
    answer: () => ({ status: 200 }),
    control: { prefix: '/_table', routes: bindControlRoutes(ROUTES, handlers) },
  });
});
afterAll(() => server?.stop());

const settings = { prefix: '/_table', server: 'table test', client: 'connectTable', timeoutMs: 10_000 };

describe('a table of control routes', () => {
  it('is checked when declared: methods, templates, one route per method and path', () => {
    expect(() => defineControlRoutes({ a: { method: /** @type {any} */ ('PATCH'), path: '/a' } })).toThrow(
      'control route a: method must be one of GET, POST, PUT, DELETE',
    );
    expect(() => defineControlRoutes({ a: { method: 'GET', path: 'a' } })).toThrow(
      `control route a: path must be '' or start with /, got "a"`,
    );
    expect(() => defineControlRoutes({ a: { method: 'GET', path: '/a{/id}/b' } })).toThrow(
      'control route a: an optional segment ({/name}) comes last, in /a{/id}/b',
    );
    expect(() =>
      defineControlRoutes({
        a: { method: 'GET', path: '/a/{id}' },
        b: { method: 'GET', path: '/a{/key}' },
      }),
    ).toThrow('control route b: GET /a/{key} is route a already');
    expect(Object.isFrozen(ROUTES) && Object.isFrozen(ROUTES.addNote)).toBe(true);
  });

  it('fills a path with encoded values, and names a route as messages do', () => {
    expect(fillControlPath('/notes/{id}', { id: 'a b/c' })).toBe('/notes/a%20b%2Fc');
    expect(fillControlPath('/notes{/id}', {})).toBe('/notes');
    expect(fillControlPath('/notes{/id}', { id: 'x' })).toBe('/notes/x');
    expect(() => fillControlPath('/notes/{id}', {})).toThrow('id must be a non-empty string, got undefined');
    expect(() => fillControlPath('/notes/{id}', { id: '' })).toThrow('id must be a non-empty string, got ""');
    expect(controlPathTemplates('/notes{/id}')).toEqual(['/notes', '/notes/{id}']);
    expect(controlRouteLabel('/_table', ROUTES.addNote)).toBe('PUT /_table/notes/{id}');
    expect(controlRouteLabel('/_table', ROUTES.addNote, { id: 'n1' })).toBe('PUT /_table/notes/n1');
  });

  it('is served only with one handler per route: a missing or an extra one fails at start, naming them', () => {
    const { wait, ...withoutWait } = handlers;
    expect(() => bindControlRoutes(ROUTES, /** @type {any} */ (withoutWait))).toThrow(
      'the control routes and their handlers do not match: no handler for wait',
    );
    expect(() => inProcessControl(ROUTES, /** @type {any} */ ({ ...handlers, extra: wait }))).toThrow(
      'no route for the handlers extra',
    );
    const bound = bindControlRoutes(ROUTES, handlers);
    expect(bound.map((route) => `${route.method} ${route.path}`)).toEqual([
      'GET ',
      'PUT /notes/{id}',
      'GET /notes',
      'DELETE /notes',
      'DELETE /notes/{id}',
      'POST /wait',
      'PUT /blob',
    ]);
    expect(bound.find((route) => route.path === '/blob')?.maxBodyBytes).toBe(DEFAULT_LIMITS.maxBodyBytes);
  });
});

describe('the clients of a table', () => {
  it('have one method per route, remote and in process alike', () => {
    const remote = createControlClient(ROUTES, server.url, settings);
    const local = inProcessControl(ROUTES, handlers);
    const methods = (/** @type {object} */ client) =>
      Object.entries(client)
        .filter(([, value]) => typeof value === 'function')
        .map(([name]) => name);
    expect(methods(remote)).toEqual(Object.keys(ROUTES));
    expect(methods(local)).toEqual(Object.keys(ROUTES));
    expect(remote.url).toBe(server.url);
    expect(() => createControlClient({ url: { method: 'GET', path: '/url' } }, server.url, settings)).toThrow(
      'a control route cannot be named url',
    );
  });

  it('turn the same arguments into the same request, and the answers into the same results', async () => {
    const remote = createControlClient(ROUTES, `${server.url}/`, settings);
    const local = inProcessControl(ROUTES, handlers);
    notes.clear();
    seen.length = 0;

    expect(await remote.addNote('n 1', 'first #a')).toEqual({ id: 'n 1', note: 'first #a', tags: [] });
    expect(local.addNote('n2', 'second #b')).toEqual({ id: 'n2', note: 'second #b', tags: [] });
    expect(await remote.find({ tag: '#a', limit: 5 })).toEqual(local.find({ tag: '#a', limit: 5 }));
    expect(await remote.list()).toEqual(local.list());
    expect(seen.slice(0, 2)).toEqual([
      { route: 'addNote', params: { id: 'n 1' }, query: '', body: { note: 'first #a' } },
      { route: 'addNote', params: { id: 'n2' }, query: '', body: { note: 'second #b' } },
    ]);
    expect(seen.filter((call) => call.route === 'find').map((call) => call.query)).toEqual([
      'tag=%23a&limit=5',
      'tag=%23a&limit=5',
    ]);

    // An optional last segment: one method, two routes.
    expect(await remote.forget('n2')).toBeUndefined();
    expect(local.forget('n 1')).toBeUndefined();
    expect(local.list()).toEqual({ notes: [] });
    await remote.addNote('n3', 'third');
    await remote.forget();
    expect(await remote.list()).toEqual({ notes: [] });
  });

  it('answer at once in process where the handler does, with a promise where it waits', async () => {
    const local = inProcessControl(ROUTES, handlers);
    expect(local.list()).toEqual({ notes: expect.any(Array) });
    const waiting = local.wait();
    expect(waiting).toBeInstanceOf(Promise);
    expect(await waiting).toEqual(await createControlClient(ROUTES, server.url, settings).wait());
  });

  it('refuse alike: a RefusalError here, a ControlCallError over HTTP; a missing path value a TypeError', async () => {
    const remote = createControlClient(ROUTES, server.url, settings);
    const local = inProcessControl(ROUTES, handlers);
    expect(() => local.addNote('n4', /** @type {any} */ (4))).toThrow(RefusalError);
    const refused = await remote.addNote('n4', /** @type {any} */ (4)).catch((error) => error);
    expect(refused).toBeInstanceOf(ControlCallError);
    expect(refused.message).toBe(`PUT ${server.url}/_table/notes/n4: 400 VALIDATION_FAILED: note must be a string`);
    expect(() => local.addNote('', 'x')).toThrow(new TypeError('addNote: id must be a non-empty string, got ""'));
    await expect(remote.addNote('', 'x')).rejects.toThrow(
      new TypeError('addNote: id must be a non-empty string, got ""'),
    );
  });

  it('give a route with bodyLimit request the body limit of a request of the contract', async () => {
    const remote = createControlClient(ROUTES, server.url, settings);
    const blob = { filler: 'x'.repeat(2 * DEFAULT_LIMITS.maxControlBodyBytes) };
    expect(await remote.upload(blob)).toBe(JSON.stringify(blob).length);
  });
});

describe('the routes every server has', () => {
  it('are served and called in process from the same table: health, requests, clearRequests', async () => {
    const remote = createControlClient(SERVER_CONTROL_ROUTES, server.url, settings);
    expect(await remote.health()).toEqual({ status: 'ok', server: 'table-test' });
    expect(server.control.health()).toEqual(await remote.health());
    await fetch(`${server.url}/v1/rfi`).then((response) => response.arrayBuffer());
    expect(await remote.requests({ status: 401 })).toEqual(server.control.requests({ status: 401 }));
    expect(server.control.requests()).toHaveLength(1);
    expect(server.control.clearRequests()).toBeUndefined();
    expect(await remote.requests()).toEqual([]);
  });
});
