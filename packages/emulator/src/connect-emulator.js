import { createControlClient, SERVER_CONTROL_ROUTES } from '@payments-connect/contract/control';
import { CONTROL_PREFIX, EMULATOR_CONTROL_ROUTES } from './control-routes.js';

/** How long one control call may take before it fails, unless told otherwise: far above what any takes locally. */
const DEFAULT_CONTROL_TIMEOUT_MS = 30_000;

/**
 * The routes of the emulator's control API: those every server has, and its own.
 * @type {typeof SERVER_CONTROL_ROUTES & typeof EMULATOR_CONTROL_ROUTES}
 */
const ROUTES = { ...SERVER_CONTROL_ROUTES, ...EMULATOR_CONTROL_ROUTES };

/** @typedef {{ timeoutMs?: number }} ConnectOptions how long one control call may take (default 30 s) */

/**
 * A running emulator's control API (`/_emulator`), what `connectEmulator` returns: a method per route of
 * `EMULATOR_CONTROL_ROUTES` and of the routes every server has (`health`, `requests`, `clearRequests`), each one HTTP
 * call that resolves once the emulator has done what it asks. `emulator.control` has the same methods, with the same
 * arguments and results, in the emulator's process.
 * @typedef {import('@payments-connect/contract/control').ControlClient<typeof ROUTES> & { url: string }}
 *   EmulatorConnection `url`: the emulator's base URL, no trailing slash
 */

/**
 * A typed client of a running emulator's control API (`/_emulator`), usable from any process: a vitest worker while
 * the emulator runs in the globalSetup's process, a script. Each method is one HTTP call, resolved once the emulator
 * has done it; a refused or failed call rejects with a `ControlCallError` naming the call and the cause. Loads no
 * contract.
 * @param {string | URL} url the emulator's base URL (`emulator.url`, `PAYMENTS_CONNECT_BASE_URL`); no http(s) URL: a
 *   TypeError @param {ConnectOptions} [options] @returns {EmulatorConnection}
 */
export function connectEmulator(url, { timeoutMs = DEFAULT_CONTROL_TIMEOUT_MS } = {}) {
  return createControlClient(ROUTES, url, {
    prefix: CONTROL_PREFIX,
    server: 'emulator',
    client: 'connectEmulator',
    timeoutMs,
  });
}
