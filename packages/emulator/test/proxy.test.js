// The emulator as the upstream of the mock's validating proxy, over real HTTP on 127.0.0.1: what a team sees when it
// puts the proxy between its service and the sandbox. The emulator's own journal tells what reached it.
import { createPaymentsConnectClient } from '@payments-connect/client';
import { startMock } from '@payments-connect/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../src/index.js';

/** @type {import('../src/index.js').Emulator} */
let emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator?.stop());

/** @param {string} baseUrl */
const clientOf = (baseUrl) =>
  createPaymentsConnectClient({
    environment: 'sandbox',
    baseUrl,
    ...emulator.credentials,
    accountId: emulator.accounts.primary.accountId,
    retry: false,
  });

describe('the mock as a validating proxy to the emulator', () => {
  /** @type {Awaited<ReturnType<typeof startMock>>} */
  let proxy;
  beforeAll(async () => {
    proxy = await startMock({ proxy: emulator.url });
  });
  afterAll(() => proxy?.stop());

  it('passes a client session through, token exchange included, with no violation on either side', async () => {
    emulator.clearRequests();
    const { data, response } = await clientOf(proxy.url).GET('/v1/rfi/{rfiId}', {
      params: { path: { rfiId: emulator.fixtures.openRfiId } },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-contract-violations')).toBe('0');
    expect(data?.rfiId).toBe(emulator.fixtures.openRfiId);
    expect(emulator.requests().map((entry) => entry.operationId)).toEqual(['createAccessToken', 'getRfiCase']);
    expect(proxy.summary()).toMatchObject({ exchanges: 2, violations: 0 });
  });

  it("passes on a request that breaks the contract, and counts it with the emulator's refusal", async () => {
    const answer = await fetch(`${proxy.url}/v1/rfi/not-a-uuid`, {
      headers: { Authorization: 'Bearer not-issued', AccountId: emulator.accounts.primary.accountId },
    });
    expect(answer.status).toBe(401); // the emulator's answer: the token comes first
    expect(answer.headers.get('x-contract-violations')).toBe('1');
    expect(emulator.requests({ status: 401 }).at(-1)?.target).toBe('/v1/rfi/not-a-uuid');
  });
});

describe('the mock as a strict validating proxy to the emulator', () => {
  it('refuses a request that breaks the contract: it never reaches the emulator', async () => {
    const proxy = await startMock({ proxy: emulator.url, strict: true });
    try {
      emulator.clearRequests();
      const answer = await fetch(`${proxy.url}/v1/rfi/not-a-uuid`, {
        headers: { Authorization: 'Bearer any', AccountId: emulator.accounts.primary.accountId },
      });
      expect(answer.status).toBe(400);
      expect(emulator.requests()).toEqual([]);
      const { response } = await clientOf(proxy.url).GET('/v1/rfi', {});
      expect(response.status).toBe(200);
      expect(emulator.requests().length).toBe(2);
    } finally {
      await proxy.stop();
    }
  });
});
