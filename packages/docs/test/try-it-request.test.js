// The console's request builder, in Node: what the page sends for the values a reader typed.
import { loadContract } from '@payments-connect/contract';
import { describe, expect, it } from 'vitest';
import { tryItModel } from '../src/try-it-model.js';
import { buildTryItRequest, LOCAL_HOSTS, localServer, servingServer, shownHeaders } from '../src/try-it-request.js';

const model = tryItModel(loadContract());
/** @param {string} id */
const operation = (id) => {
  const found = model.operations.find(({ operationId }) => operationId === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};
/** The values the console's fields start with: each parameter's example. @param {string} id */
const exampleValues = (id) => {
  /** @type {import('../src/try-it-request.js').TryItValues} */
  const values = { path: {}, query: {}, header: {} };
  for (const parameter of operation(id).parameters) values[parameter.in][parameter.name] = parameter.value;
  return values;
};
const session = { server: 'http://127.0.0.1:4010/', token: 'tok', accountId: model.accountId };

describe('buildTryItRequest', () => {
  it('fills the path, sends the bearer token and AccountId, and nothing the reader left empty', () => {
    const { url, init } = buildTryItRequest(operation('getRfiCase'), exampleValues('getRfiCase'), session);
    const rfiId = operation('getRfiCase').parameters.find(({ name }) => name === 'rfiId')?.value;
    expect(url).toBe(`http://127.0.0.1:4010/v1/rfi/${rfiId}`);
    expect(init).toMatchObject({
      method: 'GET',
      credentials: 'omit',
      headers: { Authorization: 'Bearer tok', AccountId: model.accountId },
    });
    expect(init.body).toBeUndefined();
    expect(Object.keys(/** @type {object} */ (init.headers))).toEqual(['Authorization', 'AccountId']);
  });

  it('encodes path values and adds the query and Prefer only when given', () => {
    const values = exampleValues('getRfiCase');
    values.path.rfiId = 'a/b c';
    const { url, init } = buildTryItRequest(operation('getRfiCase'), values, { ...session, prefer: ' code=404 ' });
    expect(url).toBe('http://127.0.0.1:4010/v1/rfi/a%2Fb%20c');
    expect(init.headers).toMatchObject({ Prefer: 'code=404' });
  });

  it('sends the JSON body as typed, with its media type, and refuses text that is not JSON', () => {
    const answer = operation('answerRfiQuestion');
    const values = { ...exampleValues('answerRfiQuestion'), body: '{ "answer": "Yes" }' };
    const { init } = buildTryItRequest(answer, values, session);
    expect(init.body).toBe('{ "answer": "Yes" }');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(() => buildTryItRequest(answer, { ...values, body: '{ answer: Yes }' }, session)).toThrow(/not JSON/);
  });

  it("sends a multipart upload with the chosen file, else the example's file: content, name and type", async () => {
    const upload = operation('uploadPaymentRequestPreviewLogo');
    const placeholder = buildTryItRequest(upload, exampleValues(upload.operationId), session).init.body;
    if (!(placeholder instanceof FormData)) throw new Error('expected form data');
    const sent = /** @type {File} */ (placeholder.get('logo'));
    const [part] = upload.body?.kind === 'multipart' ? upload.body.fields : [];
    expect([sent.name, sent.type, await sent.text()]).toEqual(['logo.svg', 'image/svg+xml', part?.value]);
    const chosen = new File([new Uint8Array([137, 80, 78, 71])], 'mine.png', { type: 'image/png' });
    const values = { ...exampleValues(upload.operationId), files: { logo: chosen } };
    const form = /** @type {FormData} */ (buildTryItRequest(upload, values, session).init.body);
    expect(/** @type {File} */ (form.get('logo')).name).toBe('mine.png');
  });

  it('names what is missing: a required parameter, or the token', () => {
    const values = exampleValues('getRfiCase');
    values.path.rfiId = ' ';
    expect(() => buildTryItRequest(operation('getRfiCase'), values, session)).toThrow('Fill in rfiId');
    const noToken = { ...session, token: undefined };
    expect(() => buildTryItRequest(operation('getRfiCase'), exampleValues('getRfiCase'), noToken)).toThrow(/token/);
    const exchange = operation('createAccessToken');
    expect(buildTryItRequest(exchange, exampleValues(exchange.operationId), noToken).init.headers).not.toHaveProperty(
      'Authorization',
    );
  });
});

describe('localServer', () => {
  it('takes a server on this machine, without its trailing slash', () => {
    expect(LOCAL_HOSTS).toEqual(['127.0.0.1', 'localhost']);
    expect(localServer(' http://127.0.0.1:4010/ ')).toBe('http://127.0.0.1:4010');
    expect(localServer('http://localhost:4020/base/')).toBe('http://localhost:4020/base');
  });

  it('refuses any other host or scheme, and what is not a URL', () => {
    for (const server of [
      'https://sandbox.api.payments-connect.example',
      'http://10.0.0.1:4010',
      'https://127.0.0.1',
    ]) {
      expect(() => localServer(server), server).toThrow(/only to a server on this machine/);
    }
    expect(() => localServer('127.0.0.1:4010')).toThrow(/this machine|Not a URL/);
    expect(() => localServer('not a url')).toThrow(/Not a URL/);
  });

  it('takes the origin of a page served over HTTP too, whatever its host, and no other', () => {
    expect(localServer('http://mock:4010/', 'http://mock:4010')).toBe('http://mock:4010');
    expect(() => localServer('http://other:4010', 'http://mock:4010')).toThrow(
      /this machine \(.*\) or to the one that serves it \(http:\/\/mock:4010\)/,
    );
    const served = { ...session, server: 'http://mock:4010', pageOrigin: 'http://mock:4010' };
    expect(buildTryItRequest(operation('listRfiCases'), exampleValues('listRfiCases'), served).url).toMatch(
      /^http:\/\/mock:4010\/v1\/rfi/,
    );
  });
});

describe('servingServer', () => {
  it("is the server whose /_docs the page is, a proxy's prefix kept", () => {
    const at = (/** @type {string} */ href) => servingServer(new URL(href), model.docsPath);
    expect(model.docsPath).toBe('/_docs');
    expect(at('http://127.0.0.1:4010/_docs#tag/RFI')).toBe('http://127.0.0.1:4010');
    expect(at('https://tools.example/mock/_docs?x=1')).toBe('https://tools.example/mock');
  });

  it('is none for a page opened from a file or served elsewhere', () => {
    const at = (/** @type {string} */ href) => servingServer(new URL(href), model.docsPath);
    expect(at('file:///home/me/index.html')).toBeUndefined();
    expect(at('file:///srv/_docs')).toBeUndefined();
    expect(at('http://127.0.0.1:8080/')).toBeUndefined();
  });
});

describe('shownHeaders', () => {
  it('shows what the answer carries, Retry-After and WWW-Authenticate among it, but the CORS plumbing', () => {
    const headers = new Headers({
      'Retry-After': '1',
      'WWW-Authenticate': 'Bearer',
      'Content-Type': 'application/json',
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': '*',
    });
    expect(shownHeaders(headers)).toEqual([
      ['content-type', 'application/json'],
      ['retry-after', '1'],
      ['www-authenticate', 'Bearer'],
    ]);
  });
});
