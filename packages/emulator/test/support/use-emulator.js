// One emulator per test file on 127.0.0.1, reset before each test, and a contract check after each:
// a test fails when any response the emulator sent during it violated the spec.
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { startEmulator } from '../../src/index.js';

/**
 * @typedef {object} CallOptions
 * @property {string | null} [token] bearer token; a fresh valid one by default, null for none
 * @property {string | null} [accountId] AccountId header; the primary account by default, null for none
 * @property {unknown} [json] JSON body (sets Content-Type: application/json)
 * @property {BodyInit} [body] raw body (FormData sets its own multipart Content-Type)
 * @property {Record<string, string>} [headers] extra headers
 */

/**
 * @typedef {object} CallResult
 * @property {number} status
 * @property {Headers} headers
 * @property {any} body parsed JSON, or the text when not JSON ('' for none)
 */

/**
 * @param {import('../../src/index.js').EmulatorOptions} [options]
 */
export function useEmulator(options = {}) {
  /** @type {import('../../src/index.js').Emulator} */
  let emulator;
  /** @type {string | undefined} */
  let token;

  beforeAll(async () => {
    emulator = await startEmulator(options);
  });
  beforeEach(() => {
    emulator.control.reset();
    token = undefined; // a test may have expired every token
  });
  afterEach(() => {
    expect(emulator.violations, 'responses that violated the spec').toEqual([]);
  });
  afterAll(async () => {
    await emulator?.stop();
  });

  async function freshToken() {
    const response = await fetch(`${emulator.url}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(emulator.credentials),
    });
    const body = await response.json();
    return /** @type {string} */ (body.access_token);
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {CallOptions} [options]
   * @returns {Promise<CallResult>}
   */
  async function call(method, path, options = {}) {
    /** @type {Record<string, string>} */
    const headers = { ...options.headers };
    if (options.token === undefined) token ??= await freshToken();
    const bearer = options.token === undefined ? token : options.token;
    if (bearer !== null) headers.authorization ??= `Bearer ${bearer}`;
    const accountId = options.accountId === undefined ? emulator.accounts.primary.accountId : options.accountId;
    if (accountId !== null) headers.AccountId = accountId;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(`${emulator.url}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed = text;
    try {
      parsed = text === '' ? '' : JSON.parse(text);
    } catch {
      // not JSON: the test sees the text
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }

  /**
   * Calls the control API over HTTP, as a test in another process would.
   * @param {string} method
   * @param {string} path below `/_emulator` (`''` for the prefix itself)
   * @param {unknown} [json] a JSON body
   * @returns {Promise<{ status: number, body: any }>} the body parsed, undefined for none
   */
  async function control(method, path, json) {
    const response = await fetch(`${emulator.url}/_emulator${path}`, {
      method,
      headers: json === undefined ? {} : { 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  return {
    get emulator() {
      return emulator;
    },
    get fixtures() {
      return emulator.fixtures;
    },
    call,
    control,
    freshToken,
  };
}

/**
 * A multipart form with one file part.
 * @param {string} name
 * @param {string} [content]
 * @param {string} [type]
 */
export function filePart(name, content = 'file-bytes', type = 'application/pdf') {
  const form = new FormData();
  form.append(name, new Blob([content], { type }), `${name}.bin`);
  return form;
}
