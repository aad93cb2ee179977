// Specmatic's contract tests, as a consuming team runs them: `specmatic test` of the published spec builds one test
// from each named example (its request as the example gives it, the answer checked against the spec) and sends it to
// the emulator, then to the mock, each started fresh on 127.0.0.1. Every test must pass, and the tests must be exactly
// the exchanges the spec's examples pair (the contract model's `namedExamples`): none invented, none set aside. Java
// and Specmatic's jar are found or installed (src/specmatic-jar.js); where they cannot be, the test says why in its
// title and on stderr.
import { createRequire } from 'node:module';
import { findJava, HOW_TO_GET_JAVA } from '@payments-connect/bootstrap/find-java';
import { loadContract } from '@payments-connect/contract';
import { startEmulator } from '@payments-connect/emulator';
import { startMock } from '@payments-connect/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSpecmatic } from '../src/run-specmatic.js';
import {
  findSpecmaticJar,
  installSpecmaticJar,
  javaMajorVersion,
  MINIMUM_JAVA,
  SPECMATIC_JAR_VARIABLE,
} from '../src/specmatic-jar.js';

const contract = loadContract();
/** The spec as `@payments-connect/openapi` publishes it: what a team points Specmatic at. */
const SPEC = createRequire(import.meta.url).resolve('@payments-connect/openapi/openapi.yaml');
/** The bearer scheme of the spec: Specmatic reads its token from the environment variable of the scheme's name. */
const BEARER_SCHEME = Object.entries(contract.document.components.securitySchemes).find(
  ([, scheme]) => /** @type {any} */ (scheme).scheme === 'bearer',
)?.[0];

/**
 * Java and the jar, found or installed, or why Specmatic cannot run here, in one line.
 * @returns {{ java: string, jar: string } | { reason: string }}
 */
function specmaticHere() {
  const java = findJava();
  if (java.path === undefined) return { reason: java.reason };
  const major = javaMajorVersion(java.path);
  if (major === undefined || major < MINIMUM_JAVA) {
    return {
      reason: `${java.path} is Java ${major ?? '(of no version)'}, Specmatic needs ${MINIMUM_JAVA}: ${HOW_TO_GET_JAVA}`,
    };
  }
  const found = findSpecmaticJar();
  // A jar the user named, but that is not there, is theirs to fix: none is installed in its place.
  const jar = found.path !== undefined || process.env[SPECMATIC_JAR_VARIABLE] ? found : installSpecmaticJar();
  return jar.path === undefined ? { reason: jar.reason } : { java: java.path, jar: jar.path };
}

/** Each exchange the spec's examples pair, as `METHOD /path example -> status`: the tests Specmatic must run. */
const EXCHANGES = contract.operations
  .flatMap((operation) =>
    contract
      .namedExamples(operation)
      .filter((named) => named.problems.length === 0 && (named.parameters.length > 0 || named.body))
      .map((named) => `${operation.method} ${operation.path} ${named.name} -> ${named.response?.status}`),
  )
  .sort();

/**
 * @typedef {object} Subject a server Specmatic tests, started fresh
 * @property {string} url
 * @property {string} token a bearer token it takes
 * @property {() => import('@payments-connect/contract/server').JournalEntry[]} requests its journal
 * @property {() => Promise<unknown>} stop
 */

/** @type {Array<[string, () => Promise<Subject>]>} */
const SUBJECTS = [
  [
    'emulator',
    async () => {
      // Strict: an answer that breaks the spec would reach Specmatic as a 500 that names the violation.
      const emulator = await startEmulator({ port: 0, strict: true });
      const tokenOperation = contract.tokenOperation;
      if (!tokenOperation) throw new Error('the spec has no token operation');
      const request = contract.exampleRequest(tokenOperation, 'clientCredentials');
      const issued = await fetch(`${emulator.url}${request.target}`, request);
      if (issued.status !== 200) throw new Error(`the emulator answered the token example ${issued.status}`);
      const { access_token: token } = /** @type {{ access_token: string }} */ (await issued.json());
      return { url: emulator.url, token, requests: () => emulator.requests(), stop: () => emulator.stop() };
    },
  ],
  [
    'mock',
    async () => {
      const mock = await startMock();
      return { url: mock.url, token: 'example-access-token', requests: () => mock.requests(), stop: () => mock.stop() };
    },
  ],
];

const here = specmaticHere();

if ('reason' in here) {
  console.warn(`[specmatic] not run: ${here.reason}`);
  it.skip(`Specmatic's contract tests cannot run here: ${here.reason}`, () => {});
} else {
  describe.each(SUBJECTS)("Specmatic's contract tests from the spec's examples, against the %s", (_name, start) => {
    /** @type {Subject} */
    let subject;
    /** @type {import('../src/run-specmatic.js').SpecmaticRun} */
    let run;
    beforeAll(async () => {
      if (!BEARER_SCHEME) throw new Error('the spec has no bearer security scheme');
      subject = await start();
      run = await runSpecmatic({
        ...here,
        spec: SPEC,
        baseUrl: subject.url,
        bearer: { scheme: BEARER_SCHEME, token: subject.token },
      });
    });
    afterAll(() => subject?.stop());

    it('runs one test for each exchange the examples pair, none invented, none set aside', () => {
      const ran = run.scenarios.map(({ method, path, example, status }) => `${method} ${path} ${example} -> ${status}`);
      expect(ran.sort(), run.output.slice(-2000)).toEqual(EXCHANGES);
      expect(run.ignoredRequestExamples).toEqual([]);
      // Every operation of the spec has an example, and so a test.
      const tested = new Set(run.scenarios.map(({ method, path }) => `${method} ${path}`));
      expect(contract.operations.filter(({ method, path }) => !tested.has(`${method} ${path}`))).toEqual([]);
    });

    it('passes every test: 0 failures, 0 errors', () => {
      expect(run.totals, run.unsuccessful || run.output.slice(-2000)).toEqual({
        run: EXCHANGES.length,
        successes: EXCHANGES.length,
        failures: 0,
        wip: 0,
        errors: 0,
      });
      expect(run.exitCode).toBe(0);
    });

    it('sent nothing the server judged to break the contract, and got no answer that breaks it', () => {
      const tests = subject.requests().filter((entry) => entry.operationId !== null);
      expect(tests.length).toBeGreaterThanOrEqual(EXCHANGES.length);
      const broken = tests.filter((entry) => entry.requestViolations.length + entry.answerViolations.length > 0);
      expect(broken).toEqual([]);
    });
  });
}
