import { afterEach, describe, expect, it } from 'vitest';
import { SEED_IDS, startEmulator } from '../src/index.js';
import { createResponseValidator } from '../src/response-validator.js';
import { createSchemaRegistry } from '../src/schema-registry.js';
import { indexPaths, listOperations, loadBundledSpec } from '../src/spec.js';

const spec = loadBundledSpec();
const operations = new Map(listOperations(indexPaths(spec)).map((op) => [op.operationId, op]));
const validator = createResponseValidator(spec, createSchemaRegistry(spec));
/** @param {string} id */
const op = (id) => operations.get(id);
const JSON_TYPE = 'application/json';

describe('the response validator', () => {
  it('accepts a response that matches the spec for its operation and status', () => {
    const rfiCase = {
      rfiId: SEED_IDS.openRfiId,
      status: 'OPEN',
      questions: [{ questionId: SEED_IDS.openQuestionId }],
      documentRequests: [],
    };
    expect(
      validator.validate({
        operation: op('getRfiCase'),
        status: 200,
        contentType: JSON_TYPE,
        body: JSON.stringify(rfiCase),
      }).valid,
    ).toBe(true);
    const conflict = { code: 'CONFLICT', message: 'RFI_NOT_OPEN: closed', details: 'RFI_NOT_OPEN' };
    expect(
      validator.validate({
        operation: op('answerRfiQuestion'),
        status: 409,
        contentType: JSON_TYPE,
        body: JSON.stringify(conflict),
      }).valid,
    ).toBe(true);
    expect(
      validator.validate({ operation: op('deactivateUser'), status: 204, contentType: undefined, body: '' }).valid,
    ).toBe(true);
  });

  it('reports a body that breaks the schema, naming the field', () => {
    const check = validator.validate({
      operation: op('getRfiCase'),
      status: 200,
      contentType: JSON_TYPE,
      body: JSON.stringify({ rfiId: 'not-a-uuid' }),
    });
    expect(check.valid).toBe(false);
    expect(check.errors.join()).toMatch(/rfiId must match format "uuid"/);
    const token = validator.validate({
      operation: op('createAccessToken'),
      status: 200,
      contentType: JSON_TYPE,
      body: JSON.stringify({ access_token: 'x', expires_in: 1, token_type: 'bearer' }),
    });
    expect(token.valid).toBe(false);
  });

  it('reports a status the operation does not document, a body where none is documented and a wrong media type', () => {
    expect(
      validator.validate({
        operation: op('getRfiCase'),
        status: 409,
        contentType: JSON_TYPE,
        body: '{"code":"CONFLICT","message":"x"}',
      }).errors,
    ).toEqual(['status 409 is not documented for getRfiCase']);
    expect(
      validator.validate({ operation: op('deactivateUser'), status: 204, contentType: JSON_TYPE, body: '{}' }).valid,
    ).toBe(false);
    expect(
      validator.validate({ operation: op('getPayer'), status: 200, contentType: 'text/plain', body: '{}' }).valid,
    ).toBe(false);
    expect(
      validator.validate({ operation: op('getPayer'), status: 200, contentType: JSON_TYPE, body: 'nope' }).valid,
    ).toBe(false);
  });

  it('checks errors of operations that document only 200 against ErrorEnvelope, flagged as undocumented', () => {
    const ok = validator.validate({
      operation: op('deletePaymentRequestPreviewLogo'),
      status: 401,
      contentType: JSON_TYPE,
      body: '{"code":"UNAUTHORIZED","message":"x"}',
    });
    expect(ok).toEqual({ valid: true, undocumented: true, errors: [] });
    const bad = validator.validate({
      operation: op('deletePaymentRequestPreviewLogo'),
      status: 401,
      contentType: JSON_TYPE,
      body: '{"message":"x"}',
    });
    expect(bad.valid).toBe(false);
  });

  it('checks answers outside any operation (unknown path, 405) against ErrorEnvelope', () => {
    expect(
      validator.validate({
        operation: undefined,
        status: 404,
        contentType: JSON_TYPE,
        body: '{"code":"NOT_FOUND","message":"x"}',
      }).valid,
    ).toBe(true);
    expect(
      validator.validate({ operation: undefined, status: 404, contentType: JSON_TYPE, body: '{"code":404}' }).valid,
    ).toBe(false);
  });
});

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
  const drift = { operationId: 'listRfiCases', status: 200, body: { items: 'not a list' } };

  it('records a violating response (which fails the emulator tests) and still sends it when not strict', async () => {
    /** @type {import('../src/index.js').Violation[]} */
    const seen = [];
    const emulator = await start({ onViolation: (v) => seen.push(v) });
    emulator.control.injectFault(drift);
    const answer = await listCases(emulator);
    expect(answer).toEqual({ status: 200, body: { items: 'not a list' } });
    expect(emulator.violations).toEqual([
      {
        operationId: 'listRfiCases',
        method: 'GET',
        path: '/v1/rfi',
        status: 200,
        errors: ['listRfiCases 200: body /items must be array'],
      },
    ]);
    expect(seen).toEqual(emulator.violations);
  });

  it('strict mode answers 500 with a clear message instead of a violating response', async () => {
    const emulator = await start({ strict: true });
    emulator.control.injectFault(drift);
    const answer = await listCases(emulator);
    expect(answer.status).toBe(500);
    expect(answer.body.code).toBe('INTERNAL_ERROR');
    expect(answer.body.message).toMatch(
      /broke the contract \(listRfiCases listRfiCases 200: body \/items must be array\)/,
    );
    expect(emulator.violations).toHaveLength(1);
    expect((await listCases(emulator)).status).toBe(200);
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
  ])('refuses bad options %j', async (options, message) => {
    await expect(startEmulator(/** @type {any} */ (options))).rejects.toThrow(message);
  });

  it('rejects with a clear error when the port is in use', async () => {
    const first = await start({});
    await expect(startEmulator({ port: first.port })).rejects.toThrow(
      `Port ${first.port} on 127.0.0.1 is already in use`,
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
