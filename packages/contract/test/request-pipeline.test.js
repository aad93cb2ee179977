// The request pipeline's stages over real HTTP on 127.0.0.1: the order of its refusals around the server's gate, the
// one event it publishes after each exchange, and the slots a server may fill in together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContract } from '../src/contract.js';
import { startServer } from '../src/server.js';
import { smallContractDocument } from './fixtures/small-contract.js';

const contract = createContract(smallContractDocument());
const ID = '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f';
const BEARER = { authorization: 'Bearer pipeline-test-token' };
const JSON_BODY = { ...BEARER, 'content-type': 'application/json' };

/** @type {Array<{ operationId: string, id: string | undefined }>} what the gate was asked, in order */
const gateAsked = [];
/** @type {import('../src/server.js').Exchange[]} */
const published = [];
/** @type {Awaited<ReturnType<typeof startServer>>} */
let server;
/** @type {() => void} */
let unsubscribe;

beforeAll(async () => {
  server = await startServer({
    contract,
    name: 'pipeline-test',
    // Closed to a caller that says so: the stand-in for a token the server did not issue, or an injected fault.
    gate: (operation, headers, pathParams) => {
      gateAsked.push({ operationId: operation.operationId, id: pathParams.id });
      if (headers['x-gate']?.[0] !== 'closed') return undefined;
      return { status: 403, headers: {}, body: { code: 'CLOSED', message: 'the gate is closed' } };
    },
    answer: ({ operation, values }) =>
      operation.operationId === 'putItem'
        ? { status: 200, headers: { 'X-Count': '1' }, body: values.body }
        : { status: 200, body: [] },
  });
  unsubscribe = server.subscribe((exchange) => published.push(exchange));
});
afterAll(() => server?.stop());

/**
 * @param {string} method
 * @param {string} path
 * @param {Record<string, string>} headers
 * @param {string} [body]
 */
async function send(method, path, headers, body) {
  const response = await fetch(`${server.url}${path}`, { method, headers, body });
  return { status: response.status, body: await response.json() };
}

describe('the order of refusals around the gate', () => {
  it('refuses a request without a bearer token 401 before the gate is asked', async () => {
    gateAsked.length = 0;
    const { status } = await send('PUT', '/items/not-a-uuid', { 'x-gate': 'closed' }, '{}');
    expect(status).toBe(401);
    expect(gateAsked).toEqual([]);
  });

  it('asks the gate before it judges the media type, the parameters and the body', async () => {
    gateAsked.length = 0;
    const closed = { ...BEARER, 'x-gate': 'closed', 'content-type': 'text/plain' };
    const refused = await send('PUT', '/items/not-a-uuid', closed, 'not json');
    expect(refused).toEqual({ status: 403, body: { code: 'CLOSED', message: 'the gate is closed' } });
    // The path value as sent, not yet checked: a gate may refuse one id only.
    expect(gateAsked).toEqual([{ operationId: 'putItem', id: 'not-a-uuid' }]);
  });

  it('then refuses the media type 415, and the parameters with the body in one 400', async () => {
    const textBody = await send('PUT', `/items/${ID}`, { ...BEARER, 'content-type': 'text/plain' }, 'x');
    expect(textBody.status).toBe(415);
    const both = await send('PUT', '/items/not-a-uuid', JSON_BODY, '{}');
    expect(both.status).toBe(400);
    expect(both.body.details.map((/** @type {any} */ violation) => `${violation.location} ${violation.rule}`)).toEqual([
      'path format',
      'body required',
    ]);
  });

  it('answers a request that passed every stage, the gate asked once', async () => {
    gateAsked.length = 0;
    const answered = await send('PUT', `/items/${ID}`, JSON_BODY, '{"name":"kept"}');
    expect(answered).toEqual({ status: 200, body: { name: 'kept' } });
    expect(gateAsked).toEqual([{ operationId: 'putItem', id: ID }]);
  });
});

describe('the exchange the pipeline publishes', () => {
  it('tells a listener of each exchange once it is answered, refused ones included', async () => {
    published.length = 0;
    await send('PUT', `/items/${ID}`, JSON_BODY, '{"name":"told"}');
    await send('GET', '/items?limit=0', BEARER);
    expect(published.map(({ operation, status, answerText }) => [operation?.operationId, status, answerText])).toEqual([
      ['putItem', 200, '{"name":"told"}'],
      ['listItems', 400, expect.stringContaining('limit')],
    ]);
    const [kept, refused] = published;
    expect(kept).toMatchObject({ requestViolations: [], answerViolations: [], answeredStatus: 200 });
    expect(Buffer.from(kept?.requestBody ?? []).toString()).toBe('{"name":"told"}');
    expect(refused?.requestViolations).toEqual([expect.objectContaining({ location: 'query', name: 'limit' })]);
    // The journal heard the same exchanges.
    expect(
      server
        .requests()
        .slice(-2)
        .map((entry) => entry.status),
    ).toEqual([200, 400]);
  });

  it('tells a listener nothing once it unsubscribed', async () => {
    unsubscribe();
    published.length = 0;
    await send('GET', '/items', BEARER);
    expect(published).toEqual([]);
    expect(server.requests().at(-1)?.operationId).toBe('listItems');
  });
});

describe('a fault of the server', () => {
  it('answers 500 naming the server, and journals it, when an answer or a control route throws', async () => {
    const faulty = await startServer({
      contract,
      name: 'faulty',
      control: {
        prefix: '/_faulty',
        routes: [{ method: 'GET', path: '/broken', handle: () => Promise.reject(new Error('control broke')) }],
      },
      answer: () => {
        throw new Error('answer broke');
      },
    });
    try {
      const answered = await fetch(`${faulty.url}/items`, { headers: BEARER });
      expect([answered.status, await answered.json()]).toEqual([
        500,
        { code: 'INTERNAL_SERVER_ERROR', message: 'faulty error: answer broke' },
      ]);
      const control = await fetch(`${faulty.url}/_faulty/broken`);
      expect([control.status, (await control.json()).message]).toEqual([500, 'faulty error: control broke']);
      expect(
        faulty.requests({ operationId: 'listItems' }).map(({ status, answerBody }) => [status, answerBody]),
      ).toEqual([[500, expect.stringContaining('faulty error: answer broke')]]);
    } finally {
      await faulty.stop();
    }
  });
});

describe('the slots a server fills in', () => {
  it('refuses an answer or a gate beside an upstream: forwarding is the answer', async () => {
    const upstream = 'http://127.0.0.1:9';
    const answer = () => ({ status: 200 });
    await expect(startServer({ contract, name: 'both', upstream, answer })).rejects.toThrow(
      'the both forwards to http://127.0.0.1:9: it takes no answer of its own',
    );
    await expect(startServer({ contract, name: 'gated', upstream, gate: () => undefined })).rejects.toThrow(TypeError);
    await expect(startServer({ contract, name: 'none' })).rejects.toThrow(
      'the none needs an answer function or an upstream to forward to',
    );
  });
});
