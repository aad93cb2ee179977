import { describeFetchFailure } from './fetch-failure.js';
import { HEALTH_PATH } from './server-control-routes.js';

/** Where `exec` (and a CI service) tells a test run the server's URL: a run that sets it is attached there. */
export const BASE_URL_VARIABLE = 'PAYMENTS_CONNECT_BASE_URL';

/**
 * The control prefix of each server of the contract, by the name its health route answers (`{ server: 'mock' }`), so
 * that a setup meeting the wrong one can say which it met.
 */
const SERVER_PREFIXES = Object.freeze({ mock: '/_mock', emulator: '/_emulator' });

/** How long a probe of a health route may take: a local server answers at once, this only ends a hang. */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * Why a test run's global setup stopped it: the server `PAYMENTS_CONNECT_BASE_URL` names is not the kind the setup is
 * for, answers nothing, or is no URL. Its message is one line naming both (what was asked for, what was found), and so
 * is its stack: a test runner prints it as it is, and frames of this module would only bury it.
 */
export class TestSetupError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'TestSetupError';
    this.stack = `${this.name}: ${message}`;
  }
}

/**
 * @template Provided
 * @typedef {object} TestServer a server a test run uses, with what the test files are handed of it
 * @property {Record<string, string>} env the settings `--write-env` writes (`PAYMENTS_CONNECT_BASE_URL`, ...)
 * @property {Provided} provided what the test files `inject`
 * @property {() => Promise<unknown>} [stop] stops it: a server the setup started, none for one it attached to
 */

/**
 * @template Provided
 * @typedef {object} TestServerSetup how one package's global setup (`@payments-connect/mock/vitest`) finds its
 *   server: the module (`@payments-connect/<server>/vitest`), the bin whose `exec` runs tests against it
 *   (`payments-connect-<server>`) and the name the test files `inject` it by (`paymentsConnectMock`) follow from the
 *   kind
 * @property {keyof typeof SERVER_PREFIXES} server the kind it is for, as the health route names it
 * @property {(url: string) => Promise<TestServer<Provided>>} attach what a running server at `url` hands the tests
 * @property {() => Promise<TestServer<Provided>>} start starts one in this process
 */

/**
 * @typedef {object} ProvidingProject what a test runner hands a global setup: vitest's `TestProject` provides values
 *   to the test files; Jest's global config has no `provide`, and its test files read the environment alone
 * @property {(key: any, value: any) => void} [provide]
 */

/**
 * @typedef {object} TestServerModule what a package's test-setup module exports (`@payments-connect/mock/vitest`)
 * @property {(project?: ProvidingProject) => Promise<() => Promise<void>>} setup the global setup
 *   ({@link setUpTestServer}); resolves to its teardown
 * @property {() => Promise<void>} teardown the teardown of the last `setup`: Jest's globalTeardown, a module of its
 *   own, calls it (vitest calls what `setup` resolves to)
 */

/**
 * The `setup` and `teardown` of a package's test-setup module, for vitest's `globalSetup` and Jest's `globalSetup` and
 * `globalTeardown`.
 * @template Provided
 * @param {TestServerSetup<Provided>} spec
 * @returns {TestServerModule}
 */
export function createTestServerModule(spec) {
  /** @type {(() => Promise<void>) | undefined} */
  let tearDown;
  const teardown = async () => {
    const stop = tearDown;
    tearDown = undefined;
    await stop?.();
  };
  return {
    setup: async (project) => {
      tearDown = await setUpTestServer(project, spec);
      return teardown;
    },
    teardown,
  };
}

/**
 * The global setup of a test run against a server of the contract, as vitest's `globalSetup` (and Jest's) runs it:
 * with `PAYMENTS_CONNECT_BASE_URL` set (by `exec`, or a CI service), it attaches to that server once its health route
 * says it is the kind the setup is for (so that the requests, and the journal `exec --journal` keeps, are that
 * server's); without, it starts one in this process. Either way the test files are handed the server's settings in
 * the environment (what `--write-env` writes) and, under vitest, through `provide`.
 * @template Provided
 * @param {ProvidingProject | undefined} project
 * @param {TestServerSetup<Provided>} setup
 * @returns {Promise<() => Promise<void>>} the teardown: stops a server it started, and gives the environment back
 * @throws {TestSetupError} when `PAYMENTS_CONNECT_BASE_URL` is no http(s) URL, answers nothing, or names another server
 */
export async function setUpTestServer(project, setup) {
  const given = process.env[BASE_URL_VARIABLE]?.trim();
  const server = given ? await setup.attach(await checkedServer(given, setup.server)) : await setup.start();
  const before = Object.fromEntries(Object.keys(server.env).map((name) => [name, process.env[name]]));
  // Set before the test files' workers start, which take this environment with them.
  Object.assign(process.env, server.env);
  const provideAs = `paymentsConnect${setup.server[0]?.toUpperCase()}${setup.server.slice(1)}`;
  if (typeof project?.provide === 'function') project.provide(provideAs, server.provided);
  return async () => {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await server.stop?.();
  };
}

/**
 * The base URL of the server `given` names, once its health route says it is of the kind the setup is for.
 * @param {string} given as `PAYMENTS_CONNECT_BASE_URL` says it
 * @param {keyof typeof SERVER_PREFIXES} kind
 * @returns {Promise<string>} without a trailing slash
 */
async function checkedServer(given, kind) {
  const setup = { server: kind, setup: `@payments-connect/${kind}/vitest`, command: `payments-connect-${kind}` };
  const where = `${BASE_URL_VARIABLE} is ${given}`;
  let url;
  try {
    url = new URL(given);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new TestSetupError(`${setup.setup}: ${BASE_URL_VARIABLE} must be an http(s) URL, got '${given}'`);
  const base = given.replace(/\/+$/, '');
  const found = await serverAt(base, setup.server);
  if (found.kind === setup.server) return base;
  const remedy =
    `run the tests under ${setup.command} exec, or unset ${BASE_URL_VARIABLE} to start ${withArticle(setup.server)} ` +
    'in the test run';
  if (found.kind === 'unreachable')
    throw new TestSetupError(`${setup.setup}: ${where}, where nothing answers (${found.why}): ${remedy}`);
  if (found.kind === 'unknown')
    throw new TestSetupError(
      `${setup.setup}: ${where}, which is no Payments Connect ${setup.server} (${found.why}): ${remedy}`,
    );
  throw new TestSetupError(
    `${setup.setup}: ${where}, a Payments Connect ${found.kind}, not ${withArticle(setup.server)}: ` +
      `run the tests under payments-connect-${found.kind} exec with @payments-connect/${found.kind}/vitest in ` +
      'globalSetup, or under ' +
      `${setup.command} exec`,
  );
}

/**
 * Which server of the contract answers at `base`: each one's health route is asked, the expected one's first.
 * @param {string} base
 * @param {keyof typeof SERVER_PREFIXES} expected
 * @returns {Promise<{ kind: keyof typeof SERVER_PREFIXES } | { kind: 'unreachable' | 'unknown', why: string }>}
 */
async function serverAt(base, expected) {
  const order = [expected, ...Object.keys(SERVER_PREFIXES).filter((kind) => kind !== expected)];
  let why = '';
  for (const kind of /** @type {(keyof typeof SERVER_PREFIXES)[]} */ (order)) {
    const probe = `${base}${SERVER_PREFIXES[kind]}${HEALTH_PATH}`;
    let answer;
    try {
      answer = await fetch(probe, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    } catch (error) {
      return { kind: 'unreachable', why: describeFetchFailure(error, PROBE_TIMEOUT_MS) };
    }
    const body = await answer.json().catch(() => undefined);
    if (answer.ok && body?.server === kind) return { kind };
    if (kind === expected) why = `GET ${SERVER_PREFIXES[kind]}${HEALTH_PATH} answered ${answer.status}`;
  }
  return { kind: 'unknown', why };
}

/** @param {string} noun @returns {string} the noun with its indefinite article (`an emulator`, `a mock`) */
function withArticle(noun) {
  return `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
}
