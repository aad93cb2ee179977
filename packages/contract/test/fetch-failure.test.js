// Why fetch got no answer, from real failures on 127.0.0.1 (and one DNS lookup of a name that cannot exist).
import { once } from 'node:events';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFetchFailure } from '../src/control/fetch-failure.js';

/**
 * What fetch rejected with.
 * @param {string} url
 * @param {RequestInit} [init]
 * @returns {Promise<unknown>}
 */
const failureOf = (url, init) =>
  fetch(url, init).then(
    () => {
      throw new Error(`${url} answered`);
    },
    (error) => error,
  );

/** Requests the silent server got (it never answers them); closed at the end. */
const silent = createServer(() => {});
/** Drops each connection as soon as a request comes. */
const hangingUp = createServer((request) => request.socket.destroy());
let silentUrl = '';
let hangingUpUrl = '';
let refusedUrl = '';

beforeAll(async () => {
  for (const server of [silent, hangingUp]) server.listen(0, '127.0.0.1');
  await Promise.all([once(silent, 'listening'), once(hangingUp, 'listening')]);
  silentUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (silent.address()).port}/`;
  hangingUpUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (hangingUp.address()).port}/`;
  // A port that was free a moment ago and is closed now: nothing listens there.
  const closed = createServer().listen(0, '127.0.0.1');
  await once(closed, 'listening');
  refusedUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (closed.address()).port}/`;
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(async () => {
  silent.closeAllConnections();
  await Promise.all([silent, hangingUp].map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('describeFetchFailure', () => {
  it('says a connection was refused, and where', async () => {
    const { host } = new URL(refusedUrl);
    expect(describeFetchFailure(await failureOf(refusedUrl))).toBe(
      `connection refused: nothing listens there (connect ECONNREFUSED ${host})`,
    );
  });

  it('says a bound given to AbortSignal.timeout ran out, and how long it was', async () => {
    const error = await failureOf(silentUrl, { signal: AbortSignal.timeout(200) });
    expect(describeFetchFailure(error, 200)).toBe('timed out: no answer within 200 ms');
    expect(describeFetchFailure(error)).toBe('timed out: no answer in time');
  });

  it('says the connection was closed before an answer came', async () => {
    expect(describeFetchFailure(await failureOf(hangingUpUrl))).toMatch(
      /^the connection was (closed|reset) before an answer came \(.+\)$/,
    );
  });

  it('says a DNS lookup failed, naming the host', async () => {
    // .invalid never resolves (RFC 6761); with no resolver at all the lookup fails too, as EAI_AGAIN.
    const described = describeFetchFailure(await failureOf('http://webhooks.invalid/'));
    expect(described).toMatch(/^DNS lookup failed/);
    expect(described).toContain('webhooks.invalid');
  });

  it('keeps what it cannot name: the error, its cause, or the value thrown', () => {
    const cause = Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' });
    expect(describeFetchFailure(new TypeError('fetch failed', { cause }))).toBe('TLS failed: certificate has expired');
    const odd = Object.assign(new Error('odd'), { code: 'E_ODD' });
    expect(describeFetchFailure(new TypeError('fetch failed', { cause: odd }))).toBe('fetch failed (odd)');
    expect(describeFetchFailure(new Error('aborted'))).toBe('aborted');
    expect(describeFetchFailure('a string')).toBe('a string');
  });
});
