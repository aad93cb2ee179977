import { createControlClient, SERVER_CONTROL_ROUTES } from '@payments-connect/contract/control';
import { CONTROL_PREFIX, MOCK_CONTROL_ROUTES } from './control-routes.js';

/**
 * The routes of the mock's control API: those every server has, and those of its configured answers.
 * @type {typeof SERVER_CONTROL_ROUTES & typeof MOCK_CONTROL_ROUTES}
 */
const ROUTES = { ...SERVER_CONTROL_ROUTES, ...MOCK_CONTROL_ROUTES };

/**
 * A running mock's control API (`/_mock/...`), from any process that can reach it: a method per route of the routes
 * every server has (`health`, `requests`, `clearRequests`) and of `MOCK_CONTROL_ROUTES` (`answers`, `setAnswer`,
 * `clearAnswers`).
 * @typedef {import('@payments-connect/contract/control').ControlClient<typeof ROUTES> & { url: string }}
 *   MockConnection `url`: the mock's base URL, no trailing slash
 */

/** How long a control call waits for the mock: it answers at once, so a silent one is not coming back. */
const CONTROL_TIMEOUT_MS = 10_000;

/**
 * Connects to a running mock's control API over HTTP: the journal of the requests it received and the answers
 * configured per operation. Usable from any process, such as a vitest worker given the URL of a mock its globalSetup
 * started. Each call is one request; a failure rejects with a `ControlCallError` that names the call and the cause
 * (the mock's code and message for a refusal, why no answer came otherwise). Loads no contract.
 * @param {string | URL} url the mock's base URL (`http://127.0.0.1:4010`, what `startMock()` resolves to)
 * @returns {MockConnection}
 * @throws {TypeError} when the URL is no absolute http(s) URL
 */
export function connectMock(url) {
  return createControlClient(ROUTES, url, {
    prefix: CONTROL_PREFIX,
    server: 'mock',
    client: 'connectMock',
    timeoutMs: CONTROL_TIMEOUT_MS,
  });
}
