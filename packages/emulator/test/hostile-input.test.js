// The emulator under hostile input, over real sockets: every request no well-behaved client sends gets a documented
// status in the error envelope (or Node's own parser refusal); nothing kills it or leaks; the control API answers
// only its local caller and cannot break the document's rules; and it answers the next request every time.
import { DEFAULT_LIMITS } from '@payments-connect/contract/server';
import { describeHardening, expectStillAnswers } from '@payments-connect/hostile-input/hardening-suite';
import { sendRaw } from '@payments-connect/hostile-input/raw-exchange';
import { publishedBin } from '@payments-connect/repo-checks/published-bin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONTROL_ITEMS } from '../src/defaults.js';
import { startEmulator } from '../src/index.js';

/** The bin as published (package.json's `bin`: the bundle the build makes), what users run. */
const BIN = publishedBin('@payments-connect/emulator', 'payments-connect-emulator', import.meta.url);
const JSON_TYPE = { 'content-type': 'application/json' };

/** @type {import('../src/index.js').Emulator} */
let emulator;
let host = '';
/** @type {import('@payments-connect/hostile-input/hostile-requests').Credentials} */
let credentials;

/** @param {string} url @param {{ clientId: string, clientSecret: string }} clientCredentials */
async function tokenFrom(url, clientCredentials) {
  const response = await fetch(`${url}/auth/token`, {
    method: 'POST',
    headers: JSON_TYPE,
    body: JSON.stringify(clientCredentials),
  });
  return `Bearer ${(await response.json()).access_token}`;
}

/**
 * What requests to an emulator need: it issues its own tokens, to the credentials it describes.
 * @param {string} url
 */
async function credentialsOf(url) {
  const described = await (await fetch(`${url}/_emulator`)).json();
  return {
    authorization: await tokenFrom(url, described.credentials),
    accountId: described.accounts.primary.accountId,
    rfiId: described.fixtures.openRfiId,
    questionId: described.fixtures.openQuestionId,
  };
}

beforeAll(async () => {
  emulator = await startEmulator();
  host = new URL(emulator.url).host;
  credentials = await credentialsOf(emulator.url);
});
afterAll(() => emulator?.stop());

const auth = () => ({ Authorization: credentials.authorization, AccountId: credentials.accountId });

/** The emulator still answers a well-formed request. */
const stillAnswers = () => expectStillAnswers({ url: emulator.url, credentials });

describeHardening({
  name: 'emulator',
  running: () => ({ url: emulator.url, credentials }),
  startWithTimeouts: async (timeouts) => {
    const started = await startEmulator({ timeouts });
    return { url: started.url, credentials: await credentialsOf(started.url), stop: started.stop };
  },
  maxBodyBytes: DEFAULT_LIMITS.maxBodyBytes,
  bin: BIN,
  readme: new URL('../REFERENCE.md', import.meta.url),
  credentialsOf,
});

/**
 * @param {string} method
 * @param {string} path under /_emulator
 * @param {{ body?: string, headers?: Record<string, string> }} [init]
 */
function control(method, path, { body, headers = JSON_TYPE } = {}) {
  return fetch(`${emulator.url}/_emulator${path}`, { method, headers, body });
}

describe('what only the emulator checks of requests', () => {
  it('a write of JSON nested 5,000 deep is refused and keeps nothing: the case still reads', async () => {
    const path = `/v1/rfi/${credentials.rfiId}`;
    const before = await (await fetch(`${emulator.url}${path}`, { headers: auth() })).json();
    const answer = await fetch(`${emulator.url}${path}/questions/${credentials.questionId}/answer`, {
      method: 'PUT',
      headers: { ...auth(), ...JSON_TYPE },
      body: `{"answer":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    });
    expect(answer.status).toBe(400);
    const after = await fetch(`${emulator.url}${path}`, { headers: auth() });
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual(before);
  });
});

describe('the control API', () => {
  it('refuses a foreign Origin and a foreign Host, and never hands them the secret', async () => {
    const fromPage = await control('GET', '', { headers: { Origin: 'https://evil.example' } });
    expect(fromPage.status).toBe(403);
    const rebound = await sendRaw(
      emulator.url,
      'GET /_emulator HTTP/1.1\r\nHost: evil.example:80\r\nConnection: close\r\n\r\n',
    );
    expect(rebound.status).toBe(403);
    for (const body of [await fromPage.text(), rebound.body])
      expect(body).not.toContain(emulator.credentials.clientSecret);
    const own = await control('GET', '', { headers: { Origin: `http://${host}` } });
    expect(own.status).toBe(200);
    expect((await own.json()).credentials.clientSecret).toBe(emulator.credentials.clientSecret);
  });

  it('takes JSON bodies only: the text a page may POST without asking is refused', async () => {
    const text = await control('POST', '/reset', { body: '{}', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    const form = await control('POST', '/reset', {
      body: 'a=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });

  it('refuses sizes past its limits, before building anything of them', async () => {
    const huge = await control('POST', '/rfi-cases', { body: JSON.stringify({ questions: 10_000_000 }) });
    expect(huge.status).toBe(400);
    expect((await huge.json()).message).toContain(`at most ${MAX_CONTROL_ITEMS} items`);
    const big = await control('POST', '/rfi-cases', {
      body: JSON.stringify({ padding: 'x'.repeat(DEFAULT_LIMITS.maxControlBodyBytes) }),
    });
    expect(big.status).toBe(400);
    await stillAnswers();
  });

  it('validates statuses: an unknown case status, a fault status that is no error', async () => {
    expect((await control('POST', '/rfi-cases', { body: '{"status":"closed"}' })).status).toBe(400);
    expect((await control('POST', '/payment-requests', { body: '{"status":"paid "}' })).status).toBe(400);
    for (const status of [102, 200, 302, 600]) {
      const fault = await control('POST', '/faults', { body: JSON.stringify({ operationId: 'listRfiCases', status }) });
      expect(fault.status, String(status)).toBe(400);
    }
  });

  it('cannot change a terminal case: approving an item of a CLOSED case is refused and changes nothing', async () => {
    const { closedRfiId, closedQuestionId } = emulator.fixtures;
    const before = emulator.control.events().length;
    const approve = await control('POST', `/rfi-cases/${closedRfiId}/questions/${closedQuestionId}/approve`);
    expect(approve.status).toBe(409);
    const read = await fetch(`${emulator.url}/v1/rfi/${closedRfiId}`, { headers: auth() });
    expect((await read.json()).status).toBe('CLOSED');
    expect(emulator.control.events()).toHaveLength(before);
  });

  it('an injected fault answers only callers the service would have answered (after the bearer check)', async () => {
    await control('POST', '/faults', { body: JSON.stringify({ operationId: 'listRfiCases', status: 503 }) });
    const anonymous = await fetch(`${emulator.url}/v1/rfi`, { headers: { AccountId: credentials.accountId } });
    expect(anonymous.status).toBe(401);
    const unknownToken = await fetch(`${emulator.url}/v1/rfi`, {
      headers: { Authorization: 'Bearer not-issued', AccountId: credentials.accountId },
    });
    expect(unknownToken.status).toBe(401);
    expect((await fetch(`${emulator.url}/v1/rfi`, { headers: auth() })).status).toBe(503);
    await stillAnswers();
  });
});
