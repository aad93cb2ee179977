/**
 * @typedef {import('@payments-connect/contract/server').AnswerViolation} Violation
 * @typedef {import('@payments-connect/contract/server').JournalEntry} JournalEntry
 * @typedef {import('@payments-connect/contract/server').JournalFilter} JournalFilter
 */
import { isHttpUrl } from '@payments-connect/contract/command-line';
import { emulatorRouteLabel } from './control-routes.js';
import { DEFAULT_HOST, DEFAULT_TOKEN_TTL_SECONDS, MAX_PENDING_FAULTS, MAX_TENANTS } from './defaults.js';

/**
 * @typedef {object} EmulatorOptions
 * @property {number} [port] TCP port; 0 (the default) picks a free one
 * @property {string} [host] interface to listen on (default 127.0.0.1)
 * @property {number} [tokenTtlSeconds] lifetime of issued access tokens (default 3600)
 * @property {boolean} [strict] answer 500 instead of sending a response that violates the spec
 * @property {string} [webhookUrl] where RFI events are POSTed as JSON (a tenant may have a URL of its own)
 * @property {{ clientId: string, clientSecret: string }} [credentials] accepted (default: the spec's token example's)
 * @property {() => number} [now] clock in epoch milliseconds, for tests that move time
 * @property {import('./snapshot/snapshot-keeper.js').EmulatorSnapshot | string | URL} [state] a snapshot to start
 *   from (what `GET /_emulator/state` answers), or a file's path; checked whole before the emulator listens
 * @property {string} [randomSeed] draws every id, token and secret from this seed: the same calls make the same state
 * @property {object} [spec] a bundled OpenAPI document to serve (its examples give the seed's ids and credentials)
 * @property {(violation: Violation) => void} [onViolation] called for each answer that violates the spec
 * @property {import('@payments-connect/contract/server').JournalOptions} [journal] how many requests the journal
 *   keeps (`size`, default 10,000) and a file it appends each to as a JSON line (`file`)
 * @property {import('@payments-connect/contract/server').Timeouts} [timeouts] how long slow clients may take (a
 *   request head, a whole request; an idle connection stays open): the limits of every server of the contract
 * @property {number} [maxTenants] tenants besides `default` at once ({@link MAX_TENANTS}); a snapshot keeps it too
 * @property {number} [maxPendingFaults] faults pending at once ({@link MAX_PENDING_FAULTS}); a snapshot keeps it too
 */

/**
 * A running emulator. Declared, not inferred from `startEmulator`, so that a consumer's declarations can name it.
 * @typedef {object} Emulator
 * @property {string} url base URL, no trailing slash, e.g. `http://127.0.0.1:4020`
 * @property {number} port the port it listens on
 * @property {string | undefined} docsUrl where it serves the rendered reference of `@payments-connect/docs`, whose Try
 *   it console calls this emulator (`http://127.0.0.1:4020/_docs`); undefined when it serves another spec (`spec`)
 * @property {Record<string, string>} env the sandbox environment of the conformance suite, every variable set
 * @property {import('./token-issuer.js').Credentials} credentials the client credentials it accepts
 * @property {import('./tenant-worlds.js').TenantAccounts} accounts the start-up accounts, by role
 * @property {import('./tenant-worlds.js').Fixtures} fixtures the ids of the start-up seed's records
 * @property {import('./control-handlers.js').EmulatorControl} control what tests may do that the API cannot, in this
 *   process: the methods of `connectEmulator(url)`, with the same arguments and results (see the README)
 * @property {Violation[]} violations responses (and event payloads) that violated the spec since start
 * @property {Array<{ operationId: string, status: number }>} undocumentedResponses errors its spec lists not
 * @property {(filter?: JournalFilter) => JournalEntry[]} requests the requests received, as the contract judged them
 * @property {() => void} clearRequests forgets them
 * @property {() => import('@payments-connect/contract/server').ServerSummary} summary every exchange since start (a
 *   cleared journal aside): how many, their violations by operation and kind
 * @property {() => Promise<void>} stop stops listening and connections, flushes the journal, waits for deliveries
 */

/**
 * Starts an emulator of the Payments Connect API v1.0 on a local port. Its options are checked first; the contract
 * (its validators compiled at build) and the server are loaded then, not when the package is imported (a test file
 * that only controls a running emulator with `connectEmulator` loads neither).
 * @param {EmulatorOptions} [options]
 * @returns {Promise<Emulator>}
 */
export async function startEmulator(options) {
  const config = normalizeOptions(options);
  const { serveEmulator } = await import('./serve-emulator.js');
  return serveEmulator(config);
}

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
    credentials,
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
  if (!Number.isInteger(tokenTtlSeconds) || tokenTtlSeconds < 1)
    throw new TypeError(`tokenTtlSeconds must be a positive integer, got ${tokenTtlSeconds}`);
  if (webhookUrl !== undefined && !isHttpUrl(webhookUrl))
    throw new TypeError(`webhookUrl must be an http(s) URL, got ${webhookUrl}`);
  const secrets = credentials === undefined ? ['-', '-'] : [credentials?.clientId, credentials?.clientSecret];
  if (secrets.some((value) => typeof value !== 'string' || value === ''))
    throw new TypeError('credentials must have a non-empty clientId and clientSecret');
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
    ...{ port, host, tokenTtlSeconds, strict: Boolean(strict), webhookUrl, now, spec, onViolation },
    ...{ timeouts, journal, state, randomSeed, credentials: credentials && { ...credentials } },
    ...{ maxTenants, maxPendingFaults },
  };
}
