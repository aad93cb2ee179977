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
 * @typedef {import('./controller.js').CreateRfiCaseInput} CreateRfiCaseInput
 * @typedef {import('./controller.js').CreatePaymentRequestInput} CreatePaymentRequestInput
 * @typedef {import('@payments-connect/contract/server').JournalEntry} JournalEntry
 * @typedef {import('@payments-connect/contract/server').JournalFilter} JournalFilter
 * @typedef {import('@payments-connect/contract/server').AnswerViolation} Violation
 * @typedef {import('./control-api.js').EmulatorDescription} EmulatorDescription
 * @typedef {import('./tenant-registry.js').Tenant} Tenant
 * @typedef {import('./fault-injector.js').FaultSpec} FaultSpec
 * @typedef {import('./fault-injector.js').Fault} Fault
 * @typedef {import('./event-bus.js').EventRecord} EventRecord
 * @typedef {import('./token-issuer.js').TokenScope} TokenScope
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
 * A running emulator's control API (`/_emulator`), what `connectEmulator` returns. Each method is one HTTP call, and
 * resolves once the emulator has done what it asks.
 * @typedef {object} EmulatorConnection
 * @property {string} url the emulator's base URL, no trailing slash
 * @property {() => Promise<EmulatorDescription>} describe the emulator: its URL,
 *   credentials, start-up accounts and fixtures, sandbox environment and settings
 * @property {(filter?: JournalFilter) => Promise<JournalEntry[]>} requests the requests the emulator received, oldest
 *   first, each as the pipeline judged it; every criterion given must hold (a tenant's:
 *   `{ accountId: tenant.accounts.primary.accountId }`)
 * @property {() => Promise<void>} clearRequests forgets every request received, every tenant's: with test files in
 *   parallel, filter `requests` instead
 * @property {() => Promise<void>} reset back to the start: the start-up seed restored, every tenant but the default
 *   dropped, events and faults cleared (issued tokens stay valid). Never while test files run in parallel: reset your
 *   tenant instead
 * @property {() => Promise<Tenant>} createTenant a new tenant: the seed's accounts,
 *   cases, items, payment requests, users, … under fresh ids, with credentials of its own, in the shape of the
 *   start-up accounts and fixtures, and its sandbox environment
 * @property {(tenantId: string) => Promise<Tenant>} tenant a tenant, as `createTenant`
 *   described it (`default`: the start-up seed)
 * @property {(tenantId: string) => Promise<void>} resetTenant restores a tenant's seed (same ids), drops its events
 *   and the faults scoped to its accounts; nothing else moves
 * @property {(tenantId: string) => Promise<void>} deleteTenant deletes a tenant: its accounts, records, credentials,
 *   events and faults
 * @property {(fault: FaultSpec) => Promise<Fault>}
 *   injectFault makes the next calls of an operation (scoped to an account, to path values, or both) answer with an
 *   error; resolves to the fault as `faults()` lists it
 * @property {(filter?: AccountFilter) => Promise<Fault[]>} faults the faults still
 *   pending, with the calls each still answers (`times`); with an account, those scoped to it
 * @property {(filter?: AccountFilter) => Promise<void>} clearFaults drops the pending faults: those scoped to an
 *   account, or all of them
 * @property {(filter?: AccountFilter) => Promise<EventRecord[]>} events the RFI events
 *   emitted, with their delivery, once every delivery in flight is done; with an account, its own
 * @property {(filter?: AccountFilter) => Promise<void>} clearEvents forgets the recorded events: those of an account,
 *   or all of them
 * @property {(input?: CreateRfiCaseInput) => Promise<ReturnType<Controller['createRfiCase']>>} createRfiCase creates
 *   an RFI case in a given state with given items (for a tenant, name its `accountId`)
 * @property {(rfiId: string, questionId: string) => Promise<ReturnType<Controller['approveQuestion']>>}
 *   approveQuestion approves (locks) a question; resolves to the case
 * @property {(rfiId: string, documentRequestId: string) => Promise<ReturnType<Controller['approveDocumentRequest']>>}
 *   approveDocumentRequest approves (locks) a document request; resolves to the case
 * @property {(rfiId: string) => Promise<ReturnType<Controller['closeRfiCase']>>} closeRfiCase makes a case `CLOSED`
 *   (409 if it is terminal already); resolves to the case
 * @property {(rfiId: string) => Promise<ReturnType<Controller['cancelRfiCase']>>} cancelRfiCase makes a case
 *   `CANCELLED` (409 if it is terminal already); resolves to the case
 * @property {(input?: CreatePaymentRequestInput) => Promise<ReturnType<Controller['createPaymentRequest']>>}
 *   createPaymentRequest adds a payment request in any execution mode and status
 * @property {(scope?: string | TokenScope) => Promise<{ expired: number }>} expireTokens
 *   expires one token (a string, or `{ token }`), the tokens issued for a tenant's credentials (`{ tenantId }`), or
 *   every token (nothing given: never while test files run in parallel); resolves to how many were live
 * @property {() => Promise<EmulatorClockReading>} clock what the emulator's clock says
 * @property {(seconds: number) => Promise<EmulatorClockReading>} advanceClock moves the emulator's clock forward, from
 *   0 to a year of seconds: its tokens expire by it, a refreshed session lasts an hour of it, events carry its time.
 *   It never moves back
 * @property {() => Promise<Violation[]>} violations the answers and event payloads that broke the spec since the
 *   emulator started
 * @property {() => Promise<EmulatorState>} state a snapshot of the emulator's whole
 *   state, once its webhook deliveries under way are done: keep it (as JSON) and give it to `restoreState`,
 *   `startEmulator({ state })` or `--state` to have this situation again. The request journal is not in it
 * @property {(snapshot: EmulatorState) => Promise<StateRestored>}
 *   restoreState replaces the emulator's whole state with a snapshot's. A snapshot that is not one, of another
 *   contract version, or whose parts do not agree is refused (a `ControlCallError` of status 400, its `details`
 *   saying where in it: `{ at, problem }`), and the state is left as it was
 */

/**
 * A typed client of a running emulator's control API (`/_emulator`), usable from any process: a vitest worker, while
 * the emulator runs in the globalSetup's process; a script, while it runs from the command line. Each method is one
 * HTTP call, and resolves once the emulator has done what it asks. A refused or failed call rejects with an
 * `ControlCallError` (of `@payments-connect/contract/server`) naming the call and the cause.
 * @param {string | URL} url the emulator's base URL (`emulator.url`, `PAYMENTS_CONNECT_BASE_URL`)
 * @param {ConnectOptions} [options]
 * @returns {EmulatorConnection}
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
    url: base,

    describe: () => call('GET', ''),

    requests: async (filter = {}) => (await call('GET', '/requests', { query: { ...filter } })).items,
    clearRequests: () => call('DELETE', '/requests'),
    reset: async () => {
      await call('POST', '/reset');
    },
    createTenant: () => call('POST', '/tenants'),
    tenant: (tenantId) => call('GET', `/tenants/${encodeURIComponent(tenantId)}`),
    resetTenant: async (tenantId) => {
      await call('POST', `/tenants/${encodeURIComponent(tenantId)}/reset`);
    },
    deleteTenant: (tenantId) => call('DELETE', `/tenants/${encodeURIComponent(tenantId)}`),
    injectFault: async (fault) => (await call('POST', '/faults', { body: fault })).fault,
    faults: async ({ accountId } = {}) => (await call('GET', '/faults', { query: { accountId } })).items,
    clearFaults: ({ accountId } = {}) => call('DELETE', '/faults', { query: { accountId } }),
    events: async ({ accountId } = {}) => (await call('GET', '/events', { query: { accountId } })).items,
    clearEvents: ({ accountId } = {}) => call('DELETE', '/events', { query: { accountId } }),
    createRfiCase: (input = {}) => call('POST', '/rfi-cases', { body: input }),
    approveQuestion: (rfiId, questionId) =>
      call('POST', `/rfi-cases/${encodeURIComponent(rfiId)}/questions/${encodeURIComponent(questionId)}/approve`),
    approveDocumentRequest: (rfiId, documentRequestId) =>
      call(
        'POST',
        `/rfi-cases/${encodeURIComponent(rfiId)}/document-requests/${encodeURIComponent(documentRequestId)}/approve`,
      ),
    closeRfiCase: (rfiId) => call('POST', `/rfi-cases/${encodeURIComponent(rfiId)}/close`),
    cancelRfiCase: (rfiId) => call('POST', `/rfi-cases/${encodeURIComponent(rfiId)}/cancel`),
    createPaymentRequest: (input = {}) => call('POST', '/payment-requests', { body: input }),
    expireTokens: (scope = {}) =>
      call('POST', '/tokens/expire', { body: typeof scope === 'string' ? { token: scope } : scope }),
    clock: () => call('GET', '/clock'),
    advanceClock: (seconds) => call('POST', '/clock', { body: { advanceSeconds: seconds } }),
    violations: async () => (await call('GET', '/violations')).items,
    state: () => call('GET', '/state'),
    restoreState: (snapshot) => call('PUT', '/state', { body: snapshot }),
  };
}
