import { loadBundledDocument } from '@payments-connect/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_IDS, startEmulator } from '../src/index.js';

const spec = loadBundledDocument();
const JSON_TYPE = 'application/json';

/** The spec as it may be once it has moved on: the case list now requires a `total` the emulator does not send. */
function specRequiringTotal() {
  const moved = structuredClone(spec);
  moved.components.schemas.RfiCaseList.required = [...(moved.components.schemas.RfiCaseList.required ?? []), 'total'];
  return moved;
}

describe('contract safety at run time', () => {
  /** @type {import('../src/index.js').Emulator[]} */
  const started = [];
  /** @param {import('../src/index.js').EmulatorOptions} options */
  const start = async (options) => {
    const emulator = await startEmulator(options);
    started.push(emulator);
    return emulator;
  };
  afterEach(async () => {
    await Promise.all(started.splice(0).map((e) => e.stop()));
  });

  /** @param {import('../src/index.js').Emulator} emulator */
  async function listCases(emulator) {
    const tokenResponse = await fetch(`${emulator.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': JSON_TYPE },
      body: JSON.stringify(emulator.credentials),
    });
    const { access_token: token } = await tokenResponse.json();
    const response = await fetch(`${emulator.url}/v1/rfi`, {
      headers: { authorization: `Bearer ${token}`, AccountId: emulator.accounts.primary.accountId },
    });
    return { status: response.status, body: await response.json() };
  }
  const missingTotal = "body must have required property 'total'";
  const missingTotalViolation = {
    location: 'body',
    name: 'total',
    rule: 'required',
    message: missingTotal,
    expected: 'total',
  };

  it('records a violating response (which fails the emulator tests) and still sends it when not strict', async () => {
    /** @type {import('../src/index.js').Violation[]} */
    const seen = [];
    const emulator = await start({ spec: specRequiringTotal(), onViolation: (v) => seen.push(v) });
    const answer = await listCases(emulator);
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBeUndefined();
    expect(emulator.violations).toEqual([
      {
        operationId: 'listRfiCases',
        method: 'GET',
        path: '/v1/rfi',
        status: 200,
        errors: [missingTotal],
        violations: [missingTotalViolation],
      },
    ]);
    expect(seen).toEqual(emulator.violations);
  });

  it('strict mode answers 500 with a clear message instead of a violating response', async () => {
    const emulator = await start({ spec: specRequiringTotal(), strict: true });
    const answer = await listCases(emulator);
    expect(answer.status).toBe(500);
    expect(answer.body.code).toBe('INTERNAL_ERROR');
    expect(answer.body.message).toContain(
      `broke the contract (listRfiCases 200: ${missingTotal}): a bug of the emulator`,
    );
    expect(answer.body.details).toEqual([missingTotalViolation]);
    expect(emulator.violations).toHaveLength(1);
  });

  it('refuses to start when the spec has an operation the emulator does not implement', async () => {
    const grown = structuredClone(spec);
    grown.paths['/v1/wallets'] = { get: { operationId: 'listWallets', responses: { 200: { description: 'ok' } } } };
    await expect(startEmulator({ spec: grown })).rejects.toThrow(
      /does not implement: GET \/v1\/wallets \(listWallets\)/,
    );
  });

  it('checks event payloads against the webhook schemas of the spec', async () => {
    const stricter = structuredClone(spec);
    stricter.components.schemas.RfiCaseEvent.required = ['signature'];
    const emulator = await start({ spec: stricter });
    emulator.control.createRfiCase();
    expect(emulator.violations).toEqual([
      expect.objectContaining({
        operationId: 'webhook v1.rfi.case.*',
        errors: ["(root) must have required property 'signature'"],
      }),
    ]);
  });

  it.each([
    [{ port: -1 }, /port/],
    [{ port: 1.5 }, /port/],
    [{ tokenTtlSeconds: 0 }, /tokenTtlSeconds/],
    [{ webhookUrl: 'not a url' }, /webhookUrl/],
    [{ credentials: { clientId: '', clientSecret: 'x' } }, /credentials/],
    [{ maxTenants: 0 }, /maxTenants/],
    [{ maxPendingFaults: 2.5 }, /maxPendingFaults/],
  ])('refuses bad options %j', async (options, message) => {
    await expect(startEmulator(/** @type {any} */ (options))).rejects.toThrow(message);
  });

  it('rejects with a clear error when the port is in use', async () => {
    const first = await start({});
    await expect(startEmulator({ port: first.port })).rejects.toThrow(
      `port ${first.port} on 127.0.0.1 is already in use`,
    );
  });

  it('stop() is idempotent and closes kept-alive connections', async () => {
    const emulator = await startEmulator();
    await fetch(`${emulator.url}/v1/rfi`);
    await Promise.all([emulator.stop(), emulator.stop()]);
    await expect(fetch(`${emulator.url}/v1/rfi`)).rejects.toThrow();
  });
});

describe('seed data', () => {
  it('uses distinct ids everywhere', () => {
    const ids = Object.values(SEED_IDS);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
