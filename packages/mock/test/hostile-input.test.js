// The mock under hostile input, over real sockets: every request no well-behaved client sends gets a documented
// status in the error envelope (or Node's own parser refusal), nothing it is sent kills it or leaks, and it answers
// the next request every time.

import { describeHardening } from '@payments-connect/hostile-input/hardening-suite';
import { sendRaw } from '@payments-connect/hostile-input/raw-exchange';
import { publishedBin } from '@payments-connect/repo-checks/published-bin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, startMock } from '../src/index.js';

const CREDENTIALS = {
  authorization: 'Bearer hostile-test',
  accountId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  rfiId: '4f9a3e5d-6a7b-4c8d-9e9f-0a1b2c3d4e5f',
  questionId: '6b1c5a7f-8c9d-4e0f-9a1b-2c3d4e5f6071',
};
const AUTH = { Authorization: CREDENTIALS.authorization, AccountId: CREDENTIALS.accountId };
/** The bin as published (package.json's `bin`: the bundle the build makes), what users run. */
const BIN = publishedBin('@payments-connect/mock', 'payments-connect-mock', import.meta.url);
/** @type {import('../src/index.js').RunningMock} */
let mock;
let host = '';
beforeAll(async () => {
  mock = await startMock();
  host = new URL(mock.url).host;
});
afterAll(() => mock?.stop());

describeHardening({
  name: 'mock',
  running: () => ({ url: mock.url, credentials: CREDENTIALS }),
  startWithTimeouts: async (timeouts) => {
    const started = await startMock({ timeouts });
    return { url: started.url, credentials: CREDENTIALS, stop: started.stop };
  },
  maxBodyBytes: MAX_BODY_BYTES,
  bin: BIN,
  readme: new URL('../REFERENCE.md', import.meta.url),
  // The mock takes any token and account: the process of its own is sent the same ones.
  credentialsOf: async () => CREDENTIALS,
});

describe('what only the mock has', () => {
  it('a HEAD answers 405 with the envelope headers and Allow, and no body', async () => {
    const answer = await sendRaw(mock.url, `HEAD /v1/rfi HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatchObject({ status: 405, body: '' });
    expect(answer.headers).toMatchObject({ 'content-type': 'application/json', allow: 'GET' });
  });

  it('lets any page read its answers, never with credentials', async () => {
    const preflight = await fetch(`${mock.url}/v1/rfi`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://elsewhere.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization,accountid',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const answer = await fetch(`${mock.url}/v1/rfi`, { headers: { ...AUTH, Origin: 'https://elsewhere.example' } });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
