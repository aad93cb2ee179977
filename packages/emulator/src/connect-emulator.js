import { controlCaller } from '@payments-connect/contract/server';
import { CONTROL_PREFIX } from './defaults.js';

/**
 * @typedef {object} EmulatorClockReading what the emulator's clock says
 * @property {string} now its time (ISO 8601)
 * @property {number} advancedSeconds how far it has been moved since the emulator started
 */

/** How long one control call may take before it fails, unless told otherwise: far above what any takes locally. */
const DEFAULT_CONTROL_TIMEOUT_MS = 30_000;

/**
 * @typedef {import('./controller.js').Controller} Controller
 * @typedef {import('@payments-connect/contract/server').JournalEntry} JournalEntry
 * @typedef {import('@payments-connect/contract/server').JournalFilter} JournalFilter
 * @typedef {import('./tenant-registry.js').Tenant} Tenant
 * @typedef {import('./fault-injector.js').Fault} Fault
 * @typedef {import('./fault-injector.js').FaultSpec} FaultSpec
 * @typedef {import('./event-bus.js').EventRecord} EventRecord
 * @typedef {import('./controller.js').CreateRfiCaseInput} CreateRfiCaseInput
 * @typedef {import('./control-api.js').EmulatorDescription} EmulatorDescription
 * @typedef {import('./token-issuer.js').TokenScope} TokenScope
 * @typedef {import('@payments-connect/contract/server').AnswerViolation} Violation
 * @typedef {import('./state-snapshot.js').EmulatorState} EmulatorState
 * @typedef {import('./emulator-state.js').StateRestored} StateRestored
 */

/**
 * @typedef {object} AccountFilter
 * @property {string} [accountId] only what belongs to this account
 */

/**
 * @typedef {object} ConnectOptions
 * @property {number} [timeoutMs] how long one control call may take (default 30 s)
 */

/**
 * A typed client of a running emulator's control API (`/_emulator`), usable from any process: a vitest worker, while
 * the emulator runs in the globalSetup's process; a script, while it runs from the command line. Each method is one
 * HTTP call, and resolves once the emulator has done what it asks. A refused or failed call rejects with an
 * `ControlCallError` (of `@payments-connect/contract/server`) naming the call and the cause.
 * @param {string | URL} url the emulator's base URL (`emulator.url`, `PAYMENTS_CONNECT_BASE_URL`)
 * @param {ConnectOptions} [options]
 * @throws {TypeError} for a URL that is no http(s) URL
 */
export function connectEmulator(url, { timeoutMs = DEFAULT_CONTROL_TIMEOUT_MS } = {}) {
  const { base, call } = controlCaller(url, {
    prefix: CONTROL_PREFIX,
    server: 'emulator',
    client: 'connectEmulator',
    timeoutMs,
  });

  return {
    /** The emulator's base URL, no trailing slash. */
    url: base,

    /**
     * The emulator: its URL, credentials, start-up accounts and fixtures, sandbox environment and settings.
     * @returns {Promise<EmulatorDescription>}
     */
    describe: () => call('GET', ''),

    /**
     * The requests the emulator received, oldest first, each as the pipeline judged it; every criterion given must
     * hold (a tenant's: `{ accountId: tenant.accounts.primary.accountId }`).
     * @param {JournalFilter} [filter]
     * @returns {Promise<JournalEntry[]>}
     */
    requests: async (filter = {}) => (await call('GET', '/requests', { query: { ...filter } })).items,
    /**
     * Forgets every request received, every tenant's: with test files in parallel, filter `requests` instead.
     * @returns {Promise<void>}
     */
    clearRequests: () => call('DELETE', '/requests'),

    /**
     * Back to the start: the start-up seed restored, every tenant but the default dropped, events and faults cleared
     * (issued tokens stay valid). Never while test files run in parallel: reset your tenant instead.
     * @returns {Promise<void>}
     */
    reset: async () => {
      await call('POST', '/reset');
    },

    /**
     * A new tenant: the seed's accounts, cases, items, payment requests, users, … under fresh ids, with credentials
     * of its own, in the shape of the start-up accounts and fixtures, and its sandbox environment.
     * @returns {Promise<Tenant>}
     */
    createTenant: () => call('POST', '/tenants'),
    /**
     * A tenant, as `createTenant` described it (`default`: the start-up seed).
     * @param {string} tenantId
     * @returns {Promise<Tenant>}
     */
    tenant: (tenantId) => call('GET', `/tenants/${encodeURIComponent(tenantId)}`),
    /**
     * Restores a tenant's seed (same ids), drops its events and the faults scoped to its accounts; nothing else moves.
     * @param {string} tenantId
     * @returns {Promise<void>}
     */
    resetTenant: async (tenantId) => {
      await call('POST', `/tenants/${encodeURIComponent(tenantId)}/reset`);
    },
    /**
     * Deletes a tenant: its accounts, records, credentials, events and faults.
     * @param {string} tenantId
     * @returns {Promise<void>}
     */
    deleteTenant: (tenantId) => call('DELETE', `/tenants/${encodeURIComponent(tenantId)}`),

    /**
     * Makes the next calls of an operation (scoped to an account, to path values, or both) answer with an error.
     * @param {FaultSpec} fault
     * @returns {Promise<Fault>} the fault as `faults()` lists it
     */
    injectFault: async (fault) => (await call('POST', '/faults', { body: fault })).fault,
    /**
     * The faults still pending, with the calls each still answers (`times`); with an account, those scoped to it.
     * @param {AccountFilter} [filter]
     * @returns {Promise<Fault[]>}
     */
    faults: async ({ accountId } = {}) => (await call('GET', '/faults', { query: { accountId } })).items,
    /**
     * Drops the pending faults: those scoped to an account, or all of them.
     * @param {AccountFilter} [filter]
     * @returns {Promise<void>}
     */
    clearFaults: ({ accountId } = {}) => call('DELETE', '/faults', { query: { accountId } }),

    /**
     * The RFI events emitted, with their delivery, once every delivery in flight is done; with an account, its own.
     * @param {AccountFilter} [filter]
     * @returns {Promise<EventRecord[]>}
     */
    events: async ({ accountId } = {}) => (await call('GET', '/events', { query: { accountId } })).items,
    /**
     * Forgets the recorded events: those of an account, or all of them.
     * @param {AccountFilter} [filter]
     * @returns {Promise<void>}
     */
    clearEvents: ({ accountId } = {}) => call('DELETE', '/events', { query: { accountId } }),

    /**
     * Creates an RFI case in a given state with given items (for a tenant, name its `accountId`).
     * @param {CreateRfiCaseInput} [input]
     * @returns {Promise<ReturnType<Controller['createRfiCase']>>}
     */
    createRfiCase: (input = {}) => call('POST', '/rfi-cases', { body: input }),
    /**
     * Approves (locks) a question.
     * @param {string} rfiId
     * @param {string} questionId
     * @returns {Promise<ReturnType<Controller['approveQuestion']>>} the case
     */
    approveQuestion: (rfiId, questionId) =>
      call('POST', `/rfi-cases/${encodeURIComponent(rfiId)}/questions/${encodeURIComponent(questionId)}/approve`),
    /**
     * Approves (locks) a document request.
     * @param {string} rfiId
     * @param {string} documentRequestId
     * @returns {Promise<ReturnType<Controller['approveDocumentRequest']>>} the case
     */
    approveDocumentRequest: (rfiId, documentRequestId) =>
      call(
        'POST',
        `/rfi-cases/${encodeURIComponent(rfiId)}/document-requests/${encodeURIComponent(documentRequestId)}/approve`,
      ),
    /**
     * Makes a case `CLOSED` (409 if it is terminal already).
     * @param {string} rfiId
     * @returns {Promise<ReturnType<Controller['closeRfiCase']>>} the case
     */
    closeRfiCase: (rfiId) => call('POST', `/rfi-cases/${encodeURIComponent(rfiId)}/close`),
    /**
     * Makes a case `CANCELLED` (409 if it is terminal already).
     * @param {string} rfiId
     * @returns {Promise<ReturnType<Controller['cancelRfiCase']>>} the case
     */
    cancelRfiCase: (rfiId) => call('POST', `/rfi-cases/${encodeURIComponent(rfiId)}/cancel`),
    /**
     * Adds a payment request in any execution mode and status.
     * @param {Parameters<Controller['createPaymentRequest']>[0]} [input]
     * @returns {Promise<ReturnType<Controller['createPaymentRequest']>>}
     */
    createPaymentRequest: (input = {}) => call('POST', '/payment-requests', { body: input }),

    /**
     * Expires one token (a string, or `{ token }`), the tokens issued for a tenant's credentials (`{ tenantId }`), or
     * every token (nothing given: never while test files run in parallel).
     * @param {string | TokenScope} [scope]
     * @returns {Promise<{ expired: number }>} how many were live
     */
    expireTokens: (scope = {}) =>
      call('POST', '/tokens/expire', { body: typeof scope === 'string' ? { token: scope } : scope }),

    /**
     * What the emulator's clock says.
     * @returns {Promise<EmulatorClockReading>}
     */
    clock: () => call('GET', '/clock'),

    /**
     * Moves the emulator's clock forward: its tokens expire by it, a refreshed session lasts an hour of it, events
     * carry its time. It never moves back.
     * @param {number} seconds from 0 to a year
     * @returns {Promise<EmulatorClockReading>}
     */
    advanceClock: (seconds) => call('POST', '/clock', { body: { advanceSeconds: seconds } }),

    /**
     * The answers and event payloads that broke the spec since the emulator started.
     * @returns {Promise<Violation[]>}
     */
    violations: async () => (await call('GET', '/violations')).items,

    /**
     * A snapshot of the emulator's whole state, once its webhook deliveries under way are done: keep it (as JSON) and
     * give it to `restoreState`, `startEmulator({ state })` or `--state` to have this situation again. The request
     * journal is not in it.
     * @returns {Promise<EmulatorState>}
     */
    state: () => call('GET', '/state'),
    /**
     * Replaces the emulator's whole state with a snapshot's. A snapshot that is not one, of another contract version,
     * or whose parts do not agree is refused (an `EmulatorControlError` of status 400, its `details` saying where in
     * it: `{ at, problem }`), and the state is left as it was.
     * @param {EmulatorState} snapshot
     * @returns {Promise<StateRestored>}
     */
    restoreState: (snapshot) => call('PUT', '/state', { body: snapshot }),
  };
}

/** @typedef {ReturnType<typeof connectEmulator>} EmulatorConnection */
