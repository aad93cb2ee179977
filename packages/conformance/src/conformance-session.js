import { basename } from 'node:path';
import { createPaymentsConnectClient } from '@payments-connect/client';
import { expect } from 'vitest';
import { recordInLedger } from './coverage-ledger.js';
import { createResponseValidator } from './response-validator.js';
import { loadBundledSpec } from './spec-document.js';

/** Raised when an answer breaks the contract; the message explains how, body marked. */
export class ContractViolation extends Error {
  name = 'ContractViolation';
}

/**
 * What a test file works with: the client (proven end to end), raw fetch for requests the client would
 * refuse to send, and `expectConforms` that validates an answer against the spec and records it for the
 * coverage report. Every exchange goes through one recording fetch, so answers a test never looks at
 * (token exchanges, the first 401 before the client's replay) are validated too, by `checkUnexamined()`.
 *
 * @param {object} target from `inject('conformanceTarget')`
 */
export function openConformanceSession(target) {
  const validator = createResponseValidator(loadBundledSpec());
  /** @type {WeakMap<Response, Promise<import('./response-validator.js').Exchange>>} */
  const exchanges = new WeakMap();
  /** @type {Set<Response>} */
  const unexamined = new Set();

  /** @type {typeof fetch} */
  async function recordingFetch(input, init) {
    const request = input instanceof Request ? input : new Request(input, init);
    const response = await fetch(input, init);
    const copy = response.clone();
    exchanges.set(
      response,
      copy.text().then((bodyText) => ({
        method: request.method,
        url: request.url,
        status: response.status,
        headers: response.headers,
        bodyText,
      })),
    );
    unexamined.add(response);
    return response;
  }

  const client = createPaymentsConnectClient({
    // The sandbox environment allows the sandbox-only operations; baseUrl points it at the target.
    environment: 'sandbox',
    baseUrl: target.baseUrl,
    clientId: target.clientId,
    clientSecret: target.clientSecret,
    accountId: target.accountId,
    // One request, one answer: a retried 429 or 500 would hide the status under test.
    retry: false,
    fetch: recordingFetch,
  });

  let rawToken;
  /** A bearer token for raw requests, fetched once through the token operation. */
  async function bearerToken() {
    rawToken ??= (async () => {
      const { data, error, response } = await client.POST('/auth/token', {
        body: { clientId: target.clientId, clientSecret: target.clientSecret },
      });
      if (!data) throw new Error(`the token operation answered ${response.status}: ${JSON.stringify(error)}`);
      return data.access_token;
    })();
    return rawToken;
  }

  /**
   * Sends a request as given, for the bad requests the client would not send.
   * @param {string} method
   * @param {string} path with concrete ids, may hold a query string
   * @param {{ headers?: Record<string, string>, body?: BodyInit, bearer?: boolean | string, accountId?: boolean }} [options]
   *   bearer: true (default) a valid token, false none, a string sent as the whole Authorization header;
   *   accountId: true (default) sends the target's AccountId header.
   * @returns {Promise<Response>}
   */
  async function raw(method, path, { headers = {}, body, bearer = true, accountId = true } = {}) {
    const sent = new Headers(headers);
    if (bearer === true) sent.set('Authorization', `Bearer ${await bearerToken()}`);
    else if (typeof bearer === 'string') sent.set('Authorization', bearer);
    if (accountId && path.startsWith('/v1/')) sent.set('AccountId', target.accountId);
    return recordingFetch(`${target.baseUrl}${path}`, { method, headers: sent, body });
  }

  /**
   * Validates one answer against the spec and records its operation and status as exercised.
   * @param {Response} response a `response` of a client call, or of `raw`
   * @param {{ status?: number, operationId?: string }} [expected]
   * @returns {Promise<{ operationId: string, status: number, headers: Headers, body: any }>}
   * @throws {ContractViolation} when the answer breaks the spec or differs from `expected`
   */
  async function expectConforms(response, expected = {}) {
    const pending = exchanges.get(response);
    if (!pending)
      throw new Error('expectConforms: this response did not come through the session (use its client or raw)');
    unexamined.delete(response);
    const exchange = await pending;
    const verdict = validator.check(exchange);
    const label = `${exchange.method} ${new URL(exchange.url).pathname} answered ${exchange.status}`;
    if (verdict.problems.length > 0)
      throw new ContractViolation(`${label}, breaking the contract:\n${verdict.problems.join('\n')}`);
    const operationId = verdict.operation.operationId;
    recordInLedger({ kind: 'exercised', operationId, status: exchange.status, test: currentTestLabel() });
    if (expected.status !== undefined && exchange.status !== expected.status) {
      throw new ContractViolation(`${label}, expected ${expected.status}; body: ${JSON.stringify(verdict.body)}`);
    }
    if (expected.operationId !== undefined && operationId !== expected.operationId) {
      throw new ContractViolation(`${label}: that is ${operationId}, expected ${expected.operationId}`);
    }
    return { operationId, status: exchange.status, headers: exchange.headers, body: verdict.body };
  }

  /** Validates the answers no test examined; call it after each test. */
  async function checkUnexamined() {
    const pending = [...unexamined];
    unexamined.clear();
    const failures = [];
    for (const response of pending) {
      await expectConforms(response).catch((error) => failures.push(error.message));
    }
    if (failures.length > 0) throw new ContractViolation(failures.join('\n\n'));
  }

  return { target, client, raw, expectConforms, checkUnexamined, operations: validator.operations };
}

/** The running test as the coverage report names it: `file › describe > test`. */
function currentTestLabel() {
  const { currentTestName, testPath } = expect.getState();
  return `${testPath ? basename(testPath) : '(unknown file)'} › ${currentTestName ?? '(outside a test)'}`;
}
