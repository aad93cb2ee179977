import { basename } from 'node:path';
import { createPaymentsConnectClient } from '@payments-connect/client';
import { loadContract } from '@payments-connect/contract';
import { expect } from 'vitest';
import { recordInLedger } from './coverage-ledger.js';

/** Raised when an answer breaks the contract; the message explains how, body marked. */
export class ContractViolation extends Error {
  name = 'ContractViolation';
}

/**
 * One request and its answer, as sent and received.
 * @typedef {object} Exchange
 * @property {string} method
 * @property {string} url
 * @property {number} status
 * @property {Headers} headers
 * @property {string} bodyText
 */

/**
 * The server the suite talks to (see `target-config.js` and `mock-target.js`).
 * @typedef {object} ConformanceTarget
 * @property {'mock' | 'sandbox'} kind
 * @property {string} baseUrl without trailing slash
 * @property {string} clientId
 * @property {string} clientSecret
 * @property {string} accountId
 * @property {Partial<Record<import('./target-config.js').SandboxFixture, string>>} fixtures
 * @property {Record<string, string>} [parameterExamples] mock only: the spec's example of each path parameter
 */

/**
 * Options of a raw request.
 * @typedef {object} RawOptions
 * @property {Record<string, string>} [headers]
 * @property {BodyInit} [body]
 * @property {boolean | string} [bearer] true (default): a valid token; false: none; a string: the whole header
 * @property {boolean} [accountId] true (default): the target's AccountId header on /v1 paths
 */

/**
 * What a test file works with: the client (proven end to end), raw fetch for requests the client would refuse to
 * send, and `expectConforms` that judges an answer by the contract model and records it for the coverage report.
 * Every exchange goes through one recording fetch, so answers a test never looks at (token exchanges, the first
 * 401 before the client's replay) are judged too, by `checkUnexamined()`.
 * @param {ConformanceTarget} target from `inject('conformanceTarget')`
 */
export function openConformanceSession(target) {
  const contract = loadContract();
  const tokenPath = contract.tokenOperation?.path ?? '/auth/token';
  /** @type {WeakMap<Response, Promise<Exchange>>} */
  const exchanges = new WeakMap();
  /** @type {Set<Response>} */
  const unexamined = new Set();

  /**
   * @param {Request | string | URL} input
   * @param {RequestInit} [init]
   * @returns {Promise<Response>}
   */
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

  /** @type {Promise<string> | undefined} */
  let rawToken;
  /** A bearer token for raw requests, fetched once through the token operation. */
  async function bearerToken() {
    rawToken ??= (async () => {
      const response = await raw('POST', tokenPath, {
        bearer: false,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: target.clientId, clientSecret: target.clientSecret }),
      });
      const body = await response
        .clone()
        .json()
        .catch(() => undefined);
      if (!response.ok || typeof body?.access_token !== 'string') {
        throw new Error(`the token operation answered ${response.status}: ${JSON.stringify(body)}`);
      }
      return body.access_token;
    })();
    return rawToken;
  }

  /**
   * Sends a request as given, for the bad requests the client would not send.
   * @param {string} method
   * @param {string} path with concrete ids, may hold a query string
   * @param {RawOptions} [options]
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
   * Judges one answer by the contract and records its operation and status as exercised.
   * @param {Response} response a `response` of a client call, or of `raw`
   * @param {{ status?: number, operationId?: string }} [expected]
   * @returns {Promise<{ operationId: string | undefined, status: number, headers: Headers, body: any }>}
   *   `operationId` is undefined for an error answer to a request no operation takes (an unknown path)
   * @throws {ContractViolation} when the answer breaks the contract or differs from `expected`
   */
  async function expectConforms(response, expected = {}) {
    const pending = exchanges.get(response);
    if (!pending) {
      throw new Error('expectConforms: this response did not come through the session (use its client or raw)');
    }
    unexamined.delete(response);
    const exchange = await pending;
    // The contract's paths are relative to the server: a base URL with a path of its own is not part of them.
    const target = exchange.url.startsWith(session.target.baseUrl)
      ? exchange.url.slice(session.target.baseUrl.length) || '/'
      : exchange.url;
    const verdict = contract.validateExchange({ ...exchange, target });
    const label = `${exchange.method} ${target} answered ${exchange.status}`;
    if (verdict.problems.length > 0) {
      const problems = contract.describeResponseProblems(verdict).join('\n');
      throw new ContractViolation(`${label}, breaking the contract:\n${problems}`);
    }
    const operationId = verdict.operation?.operationId;
    if (operationId) {
      recordInLedger({ kind: 'exercised', operationId, status: exchange.status, test: currentTestLabel() });
    }
    if (expected.status !== undefined && exchange.status !== expected.status) {
      throw new ContractViolation(`${label}, expected ${expected.status}; body: ${JSON.stringify(verdict.body)}`);
    }
    if (expected.operationId !== undefined && operationId !== expected.operationId) {
      throw new ContractViolation(`${label}: that is ${operationId}, expected ${expected.operationId}`);
    }
    return { operationId, status: exchange.status, headers: exchange.headers, body: verdict.body };
  }

  /** Judges the answers no test examined; call it after each test. */
  async function checkUnexamined() {
    const pending = [...unexamined];
    unexamined.clear();
    /** @type {string[]} */
    const failures = [];
    for (const response of pending) {
      await expectConforms(response).catch((error) => failures.push(error.message));
    }
    if (failures.length > 0) throw new ContractViolation(failures.join('\n\n'));
  }

  const session = { target, contract, client, raw, expectConforms, checkUnexamined, operations: contract.operations };
  return session;
}

/** @typedef {ReturnType<typeof openConformanceSession>} ConformanceSession */

/** The running test as the coverage report names it: `file › describe > test`. */
function currentTestLabel() {
  const { currentTestName, testPath } = expect.getState();
  return `${testPath ? basename(testPath) : '(unknown file)'} › ${currentTestName ?? '(outside a test)'}`;
}
