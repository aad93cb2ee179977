import { isHttpUrl } from '@payments-connect/contract/server';
import { emulatorRouteLabel } from './control-routes.js';
import { DEFAULT_CREDENTIALS, DEFAULT_HOST, DEFAULT_TOKEN_TTL_SECONDS, MAX_TENANTS } from './defaults.js';
import { MAX_PENDING_FAULTS } from './fault-injector.js';

/**
 * @typedef {object} EmulatorOptions
 * @property {number} [port] TCP port; 0 (the default) picks a free one
 * @property {string} [host] interface to listen on (default 127.0.0.1)
 * @property {number} [tokenTtlSeconds] lifetime of issued access tokens (default 3600)
 * @property {boolean} [strict] answer 500 instead of sending a response that violates the spec
 * @property {string} [webhookUrl] where RFI events are POSTed as JSON
 * @property {{ clientId: string, clientSecret: string }} [credentials] accepted client credentials
 * @property {() => number} [now] clock in epoch milliseconds, for tests that move time
 * @property {import('./state-snapshot.js').EmulatorState | string | URL} [state] a snapshot to start from (what
 *   `GET /_emulator/state` answers), or the path of a file holding one; checked whole before the emulator listens
 * @property {string} [randomSeed] draws every id, token and secret the emulator makes from this seed, so that the
 *   same calls on a fresh emulator make the same state (reproducible snapshots); unset: random
 * @property {object} [spec] a bundled OpenAPI document to serve instead of the one of the openapi package
 * @property {(violation: import('@payments-connect/contract/server').AnswerViolation) => void} [onViolation]
 *   called for each answer that violates the spec
 * @property {import('@payments-connect/contract/server').JournalOptions} [journal] how many requests the journal
 *   keeps (`size`, default 10,000) and a file it appends each to as a JSON line (`file`)
 * @property {import('@payments-connect/contract/server').Timeouts} [timeouts] how long slow clients may take to send
 *   a request head, a whole request, and how long an idle connection stays open (defaults: the limits of every
 *   server of the contract, in the README)
 * @property {number} [maxTenants] how many tenants may exist besides `default` (default {@link MAX_TENANTS}): a memory
 *   bound, which a snapshot to restore must keep too
 * @property {number} [maxPendingFaults] how many injected faults may wait for their calls at once (default
 *   {@link MAX_PENDING_FAULTS}); a snapshot to restore must keep it too
 */

/**
 * Checks options and fills in defaults; a bad option is a clear error at start, not odd behaviour later.
 * @param {EmulatorOptions} options
 */
export function normalizeOptions(options = {}) {
  const {
    port = 0,
    host = DEFAULT_HOST,
    tokenTtlSeconds = DEFAULT_TOKEN_TTL_SECONDS,
    strict = false,
    webhookUrl,
    credentials = DEFAULT_CREDENTIALS,
    now = Date.now,
    spec,
    onViolation,
    timeouts = {},
    journal,
    state,
    randomSeed,
    maxTenants = MAX_TENANTS,
    maxPendingFaults = MAX_PENDING_FAULTS,
  } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new TypeError(`port must be an integer from 0 to 65535, got ${port}`);
  if (typeof host !== 'string' || host === '') throw new TypeError('host must be a non-empty string');
  if (!Number.isInteger(tokenTtlSeconds) || tokenTtlSeconds < 1) {
    throw new TypeError(`tokenTtlSeconds must be a positive integer, got ${tokenTtlSeconds}`);
  }
  if (webhookUrl !== undefined && !isHttpUrl(webhookUrl))
    throw new TypeError(`webhookUrl must be an http(s) URL, got ${webhookUrl}`);
  if (
    !credentials ||
    typeof credentials.clientId !== 'string' ||
    typeof credentials.clientSecret !== 'string' ||
    !credentials.clientId ||
    !credentials.clientSecret
  ) {
    throw new TypeError('credentials must have a non-empty clientId and clientSecret');
  }
  if (typeof now !== 'function') throw new TypeError('now must be a function returning epoch milliseconds');
  if (state !== undefined && (state === null || (typeof state !== 'object' && typeof state !== 'string')))
    throw new TypeError(
      `state must be a snapshot (what ${emulatorRouteLabel('state')} answers) or the path of a file holding one`,
    );
  if (randomSeed !== undefined && (typeof randomSeed !== 'string' || randomSeed === ''))
    throw new TypeError('randomSeed must be a non-empty string');
  for (const [name, value] of Object.entries({ maxTenants, maxPendingFaults })) {
    if (!Number.isInteger(value) || value < 1) throw new TypeError(`${name} must be a positive integer, got ${value}`);
  }
  return {
    port,
    host,
    tokenTtlSeconds,
    strict: Boolean(strict),
    webhookUrl,
    credentials: { ...credentials },
    now,
    spec,
    onViolation,
    timeouts,
    journal,
    state,
    randomSeed,
    maxTenants,
    maxPendingFaults,
  };
}
