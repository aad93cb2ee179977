// The emulator's `env` against the sandbox contract of the conformance suite (notes/SANDBOX-FIXTURES.md):
// every variable is there, and each fixture is what the contract says it is, checked through the API
// with nothing but the variables, as the suite will use them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../src/index.js';

const REQUIRED = [
  'PAYMENTS_CONNECT_BASE_URL',
  'PAYMENTS_CONNECT_CLIENT_ID',
  'PAYMENTS_CONNECT_CLIENT_SECRET',
  'PAYMENTS_CONNECT_ACCOUNT_ID',
];
const OPTIONAL = [
  'OPEN_RFI_ID',
  'OPEN_QUESTION_ID',
  'OPEN_DOCUMENT_REQUEST_ID',
  'APPROVED_QUESTION_ID',
  'APPROVED_DOCUMENT_REQUEST_ID',
  'CLOSED_RFI_ID',
  'CANCELLED_RFI_ID',
  'OTHER_ACCOUNT_RFI_ID',
  'HOSTED_PAYMENT_REQUEST_ID',
  'NON_HOSTED_PAYMENT_REQUEST_ID',
  'PAID_PAYMENT_REQUEST_ID',
  'PAYER_ID',
  'BENEFICIARY_ID',
  'USER_ID',
  'PERSON_ID',
  'CORPORATE_ID',
  'EXPIRED_TOKEN',
].map((name) => `PAYMENTS_CONNECT_${name}`);

/** @type {import('../src/index.js').Emulator} */
let emulator;
/** @type {Record<string, string>} */
let env;
/** @type {string} */
let token;

/** @param {string} method @param {string} path @param {unknown} [json] */
async function call(method, path, json) {
  const response = await fetch(`${env.PAYMENTS_CONNECT_BASE_URL}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      AccountId: /** @type {string} */ (env.PAYMENTS_CONNECT_ACCOUNT_ID),
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  emulator = await startEmulator();
  env = emulator.env;
  const response = await fetch(`${env.PAYMENTS_CONNECT_BASE_URL}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      clientId: env.PAYMENTS_CONNECT_CLIENT_ID,
      clientSecret: env.PAYMENTS_CONNECT_CLIENT_SECRET,
    }),
  });
  token = (await response.json()).access_token;
});
afterAll(async () => {
  await emulator.stop();
  expect(emulator.violations).toEqual([]);
});

describe('emulator.env', () => {
  it('holds exactly the contract variables, each a non-empty string', () => {
    expect(Object.keys(env).sort()).toEqual([...REQUIRED, ...OPTIONAL].sort());
    for (const value of Object.values(env)) expect(value).toMatch(/\S/);
    expect(env.PAYMENTS_CONNECT_BASE_URL).toBe(emulator.url);
    expect(env.PAYMENTS_CONNECT_BASE_URL).not.toMatch(/\/$/);
  });

  it('OPEN_RFI_ID is open; OPEN_* items are not approved and APPROVED_* items are, all in that case', async () => {
    const { status, body } = await call('GET', `/v1/rfi/${env.PAYMENTS_CONNECT_OPEN_RFI_ID}`);
    expect(status).toBe(200);
    expect(['CLOSED', 'CANCELLED']).not.toContain(body.status);
    const question = (/** @type {string | undefined} */ id) =>
      body.questions.find((/** @type {any} */ q) => q.questionId === id);
    const documentRequest = (/** @type {string | undefined} */ id) =>
      body.documentRequests.find((/** @type {any} */ d) => d.documentRequestId === id);
    expect(question(env.PAYMENTS_CONNECT_OPEN_QUESTION_ID)?.approved).toBe(false);
    expect(question(env.PAYMENTS_CONNECT_APPROVED_QUESTION_ID)?.approved).toBe(true);
    expect(documentRequest(env.PAYMENTS_CONNECT_OPEN_DOCUMENT_REQUEST_ID)?.approved).toBe(false);
    expect(documentRequest(env.PAYMENTS_CONNECT_APPROVED_DOCUMENT_REQUEST_ID)?.approved).toBe(true);
  });

  it('CLOSED_RFI_ID is CLOSED with a question and a document request; CANCELLED_RFI_ID is CANCELLED', async () => {
    const closed = await call('GET', `/v1/rfi/${env.PAYMENTS_CONNECT_CLOSED_RFI_ID}`);
    expect(closed.body.status).toBe('CLOSED');
    expect(closed.body.questions.length).toBeGreaterThan(0);
    expect(closed.body.documentRequests.length).toBeGreaterThan(0);
    expect((await call('GET', `/v1/rfi/${env.PAYMENTS_CONNECT_CANCELLED_RFI_ID}`)).body.status).toBe('CANCELLED');
  });

  it('OTHER_ACCOUNT_RFI_ID exists but belongs to another account: 404', async () => {
    expect((await call('GET', `/v1/rfi/${env.PAYMENTS_CONNECT_OTHER_ACCOUNT_RFI_ID}`)).status).toBe(404);
    const asOwner = await fetch(
      `${env.PAYMENTS_CONNECT_BASE_URL}/v1/rfi/${env.PAYMENTS_CONNECT_OTHER_ACCOUNT_RFI_ID}`,
      {
        headers: { authorization: `Bearer ${token}`, AccountId: emulator.accounts.other.accountId },
      },
    );
    expect(asOwner.status).toBe(200);
    await asOwner.arrayBuffer();
  });

  it('the payment request fixtures: hosted and refreshable, not hosted, hosted but paid', async () => {
    const base = '/v1/collections/payment-requests';
    const hosted = await call('PUT', `${base}/${env.PAYMENTS_CONNECT_HOSTED_PAYMENT_REQUEST_ID}/refresh-session`);
    expect(hosted.status).toBe(200);
    expect(hosted.body.executionMode).toBe('HOSTED_PAGE');
    expect(['UNPAID', 'PART_PAID']).toContain(hosted.body.status);
    const notHosted = await call(
      'PUT',
      `${base}/${env.PAYMENTS_CONNECT_NON_HOSTED_PAYMENT_REQUEST_ID}/refresh-session`,
    );
    expect(notHosted.status).toBe(400);
    expect(notHosted.body.details.executionMode).not.toBe('HOSTED_PAGE');
    const paid = await call('PUT', `${base}/${env.PAYMENTS_CONNECT_PAID_PAYMENT_REQUEST_ID}/refresh-session`);
    expect(paid.status).toBe(400);
    expect(paid.body.details.executionMode).toBe('HOSTED_PAGE');
    expect(['UNPAID', 'PART_PAID']).not.toContain(paid.body.details.status);
  });

  it('PAYER, BENEFICIARY, USER, PERSON and CORPORATE ids are resources of ACCOUNT_ID', async () => {
    for (const [path, name] of [
      ['/v1/collections/payers', 'PAYER_ID'],
      ['/v1/beneficiaries', 'BENEFICIARY_ID'],
      ['/v1/account/users', 'USER_ID'],
      ['/v1/account/related-party/persons', 'PERSON_ID'],
      ['/v1/account/related-party/corporates', 'CORPORATE_ID'],
    ]) {
      expect((await call('GET', `${path}/${env[`PAYMENTS_CONNECT_${name}`]}`)).status, name).toBe(200);
    }
  });

  it('EXPIRED_TOKEN is a token that has expired: 401', async () => {
    const response = await fetch(`${env.PAYMENTS_CONNECT_BASE_URL}/v1/rfi`, {
      headers: {
        authorization: `Bearer ${env.PAYMENTS_CONNECT_EXPIRED_TOKEN}`,
        AccountId: /** @type {string} */ (env.PAYMENTS_CONNECT_ACCOUNT_ID),
      },
    });
    expect(response.status).toBe(401);
    expect((await response.json()).message).toMatch(/expired/);
  });

  it('Object.assign(process.env, emulator.env) works: every value is a string', () => {
    const target = /** @type {Record<string, string>} */ ({});
    Object.assign(target, env);
    expect(Object.values(target).every((v) => typeof v === 'string')).toBe(true);
  });
});
