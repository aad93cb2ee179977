import { controlRouteLabel, defineControlRoutes } from '@payments-connect/contract/control';

/**
 * @template {unknown[]} [Args=[]]
 * @template [Result=unknown]
 * @typedef {import('@payments-connect/contract/control').ControlRouteDeclaration<Args, Result>} Route
 */
/**
 * @typedef {import('./controller.js').Controller} Controller
 * @typedef {import('./controller.js').CreateRfiCaseInput} CreateRfiCaseInput
 * @typedef {import('./controller.js').CreatePaymentRequestInput} CreatePaymentRequestInput
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
 * @typedef {object} EmulatorClockReading what the emulator's clock says
 * @property {string} now its time (ISO 8601)
 * @property {number} advancedSeconds how far it has been moved since the emulator started
 */

/**
 * @typedef {object} AccountFilter
 * @property {string} [accountId] only what belongs to this account
 */

/** Namespace of the control API; outside `/v1` so it can never collide with a documented path. */
export const CONTROL_PREFIX = '/_emulator';

/**
 * The one filter of the events and faults: `{ accountId }` (a bare account id is the earlier form of
 * `emulator.control`, which keeps working).
 * @param {AccountFilter | string} [filter]
 */
const byAccount = (filter = {}) => ({ query: { accountId: typeof filter === 'string' ? filter : filter?.accountId } });
/** What a call resolves to when the route's answer says nothing the caller needs. */
const nothing = () => undefined;

/**
 * The emulator's control API, under {@link CONTROL_PREFIX}: one declaration per route, from which the emulator serves
 * it (`control-api.js` binds a handler to each name), `connectEmulator` makes its methods and `emulator.control` its
 * functions. The routes every server has (`health`, `requests`, `clearRequests`) are the contract's
 * (`SERVER_CONTROL_ROUTES`).
 */
export const EMULATOR_CONTROL_ROUTES = defineControlRoutes({
  /**
   * the emulator: its URL, credentials, start-up accounts and fixtures, sandbox environment and settings
   * @type {Route<[], EmulatorDescription>}
   */
  describe: { method: 'GET', path: '' },
  /**
   * back to the start: the start-up seed restored, every tenant but the default dropped, events and faults cleared
   * (issued tokens stay valid). Never while test files run in parallel: reset your tenant instead
   * @type {Route<[], void>}
   */
  reset: { method: 'POST', path: '/reset', fromAnswer: nothing },
  /**
   * a new tenant: the seed's accounts, cases, items, payment requests, users, … under fresh ids, with credentials of
   * its own, in the shape of the start-up accounts and fixtures, and its sandbox environment
   * @type {Route<[], Tenant>}
   */
  createTenant: { method: 'POST', path: '/tenants' },
  /**
   * a tenant, as `createTenant` described it (`default`: the start-up seed)
   * @type {Route<[tenantId: string], Tenant>}
   */
  tenant: { method: 'GET', path: '/tenants/{tenantId}', toRequest: (tenantId) => ({ params: { tenantId } }) },
  /**
   * restores a tenant's seed (same ids), drops its events and the faults scoped to its accounts; nothing else moves
   * @type {Route<[tenantId: string], void>}
   */
  resetTenant: {
    method: 'POST',
    path: '/tenants/{tenantId}/reset',
    toRequest: (tenantId) => ({ params: { tenantId } }),
    fromAnswer: nothing,
  },
  /**
   * deletes a tenant: its accounts, records, credentials, events and faults
   * @type {Route<[tenantId: string], void>}
   */
  deleteTenant: { method: 'DELETE', path: '/tenants/{tenantId}', toRequest: (tenantId) => ({ params: { tenantId } }) },
  /**
   * creates an RFI case in a given state with given items (for a tenant, name its `accountId`)
   * @type {Route<[input?: CreateRfiCaseInput], ReturnType<Controller['createRfiCase']>>}
   */
  createRfiCase: { method: 'POST', path: '/rfi-cases', toRequest: (input = {}) => ({ body: input }) },
  /**
   * approves (locks) a question; resolves to the case
   * @type {Route<[rfiId: string, questionId: string], ReturnType<Controller['approveQuestion']>>}
   */
  approveQuestion: {
    method: 'POST',
    path: '/rfi-cases/{rfiId}/questions/{questionId}/approve',
    toRequest: (rfiId, questionId) => ({ params: { rfiId, questionId } }),
  },
  /**
   * approves (locks) a document request; resolves to the case
   * @type {Route<[rfiId: string, documentRequestId: string], ReturnType<Controller['approveDocumentRequest']>>}
   */
  approveDocumentRequest: {
    method: 'POST',
    path: '/rfi-cases/{rfiId}/document-requests/{documentRequestId}/approve',
    toRequest: (rfiId, documentRequestId) => ({ params: { rfiId, documentRequestId } }),
  },
  /**
   * makes a case `CLOSED` (409 if it is terminal already); resolves to the case
   * @type {Route<[rfiId: string], ReturnType<Controller['closeRfiCase']>>}
   */
  closeRfiCase: { method: 'POST', path: '/rfi-cases/{rfiId}/close', toRequest: (rfiId) => ({ params: { rfiId } }) },
  /**
   * makes a case `CANCELLED` (409 if it is terminal already); resolves to the case
   * @type {Route<[rfiId: string], ReturnType<Controller['cancelRfiCase']>>}
   */
  cancelRfiCase: { method: 'POST', path: '/rfi-cases/{rfiId}/cancel', toRequest: (rfiId) => ({ params: { rfiId } }) },
  /**
   * adds a payment request in any execution mode and status
   * @type {Route<[input?: CreatePaymentRequestInput], ReturnType<Controller['createPaymentRequest']>>}
   */
  createPaymentRequest: { method: 'POST', path: '/payment-requests', toRequest: (input = {}) => ({ body: input }) },
  /**
   * expires one token (a string, or `{ token }`), the tokens issued for a tenant's credentials (`{ tenantId }`), or
   * every token (nothing given: never while test files run in parallel); resolves to how many were live
   * @type {Route<[scope?: string | TokenScope], { expired: number }>}
   */
  expireTokens: {
    method: 'POST',
    path: '/tokens/expire',
    toRequest: (scope = {}) => ({ body: typeof scope === 'string' ? { token: scope } : scope }),
  },
  /**
   * what the emulator's clock says
   * @type {Route<[], EmulatorClockReading>}
   */
  clock: { method: 'GET', path: '/clock' },
  /**
   * moves the emulator's clock forward, from 0 to a year of seconds: its tokens expire by it, a refreshed session
   * lasts an hour of it, events carry its time. It never moves back
   * @type {Route<[seconds: number], EmulatorClockReading>}
   */
  advanceClock: { method: 'POST', path: '/clock', toRequest: (seconds) => ({ body: { advanceSeconds: seconds } }) },
  /**
   * the faults still pending, with the calls each still answers (`times`); with an account, those scoped to it
   * @type {Route<[filter?: AccountFilter | string], Fault[]>}
   */
  faults: { method: 'GET', path: '/faults', toRequest: byAccount, fromAnswer: (body) => body.items },
  /**
   * makes the next calls of an operation (scoped to an account, to path values, or both) answer with an error;
   * resolves to the fault as `faults()` lists it
   * @type {Route<[fault: FaultSpec], Fault>}
   */
  injectFault: {
    method: 'POST',
    path: '/faults',
    toRequest: (fault) => ({ body: fault }),
    fromAnswer: (body) => body.fault,
  },
  /**
   * drops the pending faults: those scoped to an account, or all of them
   * @type {Route<[filter?: AccountFilter | string], void>}
   */
  clearFaults: { method: 'DELETE', path: '/faults', toRequest: byAccount },
  /**
   * the RFI events emitted, with their delivery; with an account, its own. Over HTTP it waits for the deliveries in
   * flight; in the emulator's process it answers at once (`settleEvents()` first to see them done)
   * @type {Route<[filter?: AccountFilter | string], EventRecord[]>}
   */
  events: { method: 'GET', path: '/events', toRequest: byAccount, fromAnswer: (body) => body.items },
  /**
   * forgets the recorded events: those of an account, or all of them
   * @type {Route<[filter?: AccountFilter | string], void>}
   */
  clearEvents: { method: 'DELETE', path: '/events', toRequest: byAccount },
  /**
   * resolves once every webhook delivery started so far has finished
   * @type {Route<[], void>}
   */
  settleEvents: { method: 'POST', path: '/events/settle' },
  /**
   * the answers and event payloads that broke the spec since the emulator started
   * @type {Route<[], Violation[]>}
   */
  violations: { method: 'GET', path: '/violations', fromAnswer: (body) => body.items },
  /**
   * a snapshot of the emulator's whole state, once its webhook deliveries under way are done: keep it (as JSON) and
   * give it to `restoreState`, `startEmulator({ state })` or `--state` to have this situation again. The request
   * journal is not in it
   * @type {Route<[], EmulatorState>}
   */
  state: { method: 'GET', path: '/state' },
  /**
   * replaces the emulator's whole state with a snapshot's. A snapshot that is not one, of another contract version,
   * or whose parts do not agree is refused (status 400, its `details` saying where in it: `{ at, problem }`), and the
   * state is left as it was. A saved state holds every tenant's records: it may be as large as a request body of the
   * contract, far more than the test records of the other routes
   * @type {Route<[snapshot: EmulatorState], StateRestored>}
   */
  restoreState: { method: 'PUT', path: '/state', toRequest: (snapshot) => ({ body: snapshot }), bodyLimit: 'request' },
});

/**
 * A route of the control API as a message names it: `POST /_emulator/reset`; with values, filled in
 * (`POST /_emulator/tenants/default/reset`), without, its template (`DELETE /_emulator/tenants/{tenantId}`).
 * @param {keyof typeof EMULATOR_CONTROL_ROUTES} name
 * @param {Record<string, string>} [params]
 * @returns {string}
 */
export function emulatorRouteLabel(name, params) {
  return controlRouteLabel(CONTROL_PREFIX, EMULATOR_CONTROL_ROUTES[name], params);
}
