import { controlRouteLabel, defineControlRoutes } from '@payments-connect/contract/control';

/**
 * @template {unknown[]} [Args=[]]
 * @template [Result=unknown]
 * @typedef {import('@payments-connect/contract/control').ControlRouteDeclaration<Args, Result>} Route
 */
/**
 * @typedef {import('./model/rfi-cases.js').CreateRfiCaseInput} CreateRfiCaseInput
 * @typedef {import('./model/payment-requests.js').CreatePaymentRequestInput} CreatePaymentRequestInput
 * @typedef {import('@payments-connect/contract/server').AnswerViolation} Violation
 * @typedef {import('./control-handlers.js').EmulatorDescription} EmulatorDescription
 * @typedef {import('./tenant-worlds.js').Tenant} Tenant
 * @typedef {import('./fault-injector.js').FaultSpec} FaultSpec
 * @typedef {import('./fault-injector.js').Fault} Fault
 * @typedef {import('./event-log.js').EventRecord} EventRecord
 * @typedef {import('./event-log.js').EmulatorEvent} EmulatorEvent
 * @typedef {import('./token-issuer.js').TokenScope} TokenScope
 * @typedef {import('./snapshot/snapshot-keeper.js').EmulatorSnapshot} EmulatorSnapshot
 * @typedef {import('./snapshot/snapshot-keeper.js').StateRestored} StateRestored
 * @typedef {Record<string, any>} RfiCase
 */

/** @typedef {{ now: string, advancedSeconds: number }} EmulatorClockReading a clock's time, and how far it moved */
/** @typedef {{ accountId?: string, tenantId?: string }} AccountFilter what belongs to an account, or to a tenant */
/** @typedef {{ webhookUrl?: string | null }} TenantOptions where its events go; none: the emulator's `webhookUrl` */
/** @typedef {{ type?: string, timeoutMs?: number }} NextEventOptions its type (any); the wait: 0 to 60,000 ms */

/** Namespace of the control API; outside `/v1` so it can never collide with a documented path. */
export const CONTROL_PREFIX = '/_emulator';

/** @param {AccountFilter | string} [filter] a bare account id: the earlier form of `emulator.control`, kept */
const byAccount = (filter = {}) => ({ query: typeof filter === 'string' ? { accountId: filter } : { ...filter } });
/** @param {string} tenantId */
const ofTenant = (tenantId) => ({ params: { tenantId } });
/** @param {string} rfiId */
const ofCase = (rfiId) => ({ params: { rfiId } });
/** @param {any} body */
const items = (body) => body.items;
/** What a call resolves to when the route's answer says nothing the caller needs. */
const nothing = () => undefined;

/**
 * The emulator's control API, under {@link CONTROL_PREFIX}: one declaration per route, from which the emulator serves
 * it (`control-handlers.js` binds a handler to each name), `connectEmulator` makes its methods and `emulator.control`
 * its functions. The routes every server has (`health`, `requests`, `clearRequests`) are the contract's.
 */
export const EMULATOR_CONTROL_ROUTES = defineControlRoutes({
  /** the emulator: URL, credentials, start-up accounts, fixtures, environment @type {Route<[], EmulatorDescription>} */
  describe: { method: 'GET', path: '' },
  /** @type {Route<[], void>}
   * back to the start: the start-up seed restored, every tenant but the default dropped, events and faults cleared
   * (issued tokens stay valid). Never while test files run in parallel: reset your tenant instead
   */
  reset: { method: 'POST', path: '/reset', fromAnswer: nothing },
  /** @type {Route<[options?: TenantOptions], Tenant>}
   * a new tenant, a world of its own: the seed under fresh ids, with credentials, a clock and (if given) a webhook
   * URL of its own; in the shape of the start-up accounts and fixtures, with its sandbox environment
   */
  createTenant: { method: 'POST', path: '/tenants', toRequest: (options = {}) => ({ body: options }) },
  /** a tenant, as `createTenant` described it (`default`: the start-up seed) @type {Route<[id: string], Tenant>} */
  tenant: { method: 'GET', path: '/tenants/{tenantId}', toRequest: ofTenant },
  /** @type {Route<[tenantId: string, webhookUrl: string | null], { tenantId: string, webhookUrl: string | null }>}
   * sends a tenant's events to a URL of its own from now on, or (null) to the emulator's `webhookUrl` again
   */
  setTenantWebhookUrl: {
    method: 'PUT',
    path: '/tenants/{tenantId}/webhook-url',
    toRequest: (tenantId, webhookUrl) => ({ params: { tenantId }, body: { webhookUrl } }),
  },
  /** a tenant's clock: the emulator's, and its own moves @type {Route<[tenantId: string], EmulatorClockReading>} */
  tenantClock: { method: 'GET', path: '/tenants/{tenantId}/clock', toRequest: ofTenant },
  /** @type {Route<[tenantId: string, seconds: number], EmulatorClockReading>}
   * moves one tenant's clock forward (0 to a year of seconds) and no other: its tokens expire by it, its sessions and
   * events carry it
   */
  advanceTenantClock: {
    method: 'POST',
    path: '/tenants/{tenantId}/clock',
    toRequest: (tenantId, seconds) => ({ params: { tenantId }, body: { advanceSeconds: seconds } }),
  },
  /** @type {Route<[tenantId: string, options?: NextEventOptions], EmulatorEvent>}
   * the tenant's next event (of a type) that no call took yet: one recorded already, or the next within `timeoutMs`
   * (408 otherwise). A test sees its tenant's events without a receiver of its own
   */
  nextEvent: {
    method: 'POST',
    path: '/tenants/{tenantId}/events/next',
    toRequest: (tenantId, options = {}) => ({ params: { tenantId }, body: options }),
  },
  /** @type {Route<[tenantId: string], EmulatorSnapshot>}
   * a snapshot of one tenant (its records, tokens, events, faults, clock, webhook URL), once its deliveries are done
   */
  tenantState: { method: 'GET', path: '/tenants/{tenantId}/state', toRequest: ofTenant },
  /** @type {Route<[tenantId: string, snapshot: EmulatorSnapshot], StateRestored>}
   * replaces one tenant's world with a snapshot of it (the tenant created under its id if it is not there), checked
   * whole first as `restoreState` checks; every other tenant stays as it is
   */
  restoreTenantState: {
    method: 'PUT',
    path: '/tenants/{tenantId}/state',
    toRequest: (tenantId, snapshot) => ({ params: { tenantId }, body: snapshot }),
    bodyLimit: 'request',
  },
  /** @type {Route<[tenantId: string], void>}
   * restores a tenant's seed (same ids), drops its events and the faults scoped to its accounts; nothing else moves
   */
  resetTenant: { method: 'POST', path: '/tenants/{tenantId}/reset', toRequest: ofTenant, fromAnswer: nothing },
  /** deletes a tenant: its accounts, records, credentials, events and faults @type {Route<[tenantId: string], void>} */
  deleteTenant: { method: 'DELETE', path: '/tenants/{tenantId}', toRequest: ofTenant },
  /** @type {Route<[input?: CreateRfiCaseInput], RfiCase>}
   * creates an RFI case in a given state with given items (for a tenant, name its `accountId`)
   */
  createRfiCase: { method: 'POST', path: '/rfi-cases', toRequest: (input = {}) => ({ body: input }) },
  /** approves (locks) a question; resolves to the case @type {Route<[rfiId: string, questionId: string], RfiCase>} */
  approveQuestion: {
    method: 'POST',
    path: '/rfi-cases/{rfiId}/questions/{questionId}/approve',
    toRequest: (rfiId, questionId) => ({ params: { rfiId, questionId } }),
  },
  /** @type {Route<[rfiId: string, documentRequestId: string], RfiCase>}
   * approves (locks) a document request; resolves to the case
   */
  approveDocumentRequest: {
    method: 'POST',
    path: '/rfi-cases/{rfiId}/document-requests/{documentRequestId}/approve',
    toRequest: (rfiId, documentRequestId) => ({ params: { rfiId, documentRequestId } }),
  },
  /** makes a case `CLOSED` (409 if it is terminal already); the case @type {Route<[rfiId: string], RfiCase>} */
  closeRfiCase: { method: 'POST', path: '/rfi-cases/{rfiId}/close', toRequest: ofCase },
  /** makes a case `CANCELLED` (409 if it is terminal already); the case @type {Route<[rfiId: string], RfiCase>} */
  cancelRfiCase: { method: 'POST', path: '/rfi-cases/{rfiId}/cancel', toRequest: ofCase },
  /** @type {Route<[input?: CreatePaymentRequestInput], Record<string, any>>}
   * adds a payment request in any execution mode and status
   */
  createPaymentRequest: { method: 'POST', path: '/payment-requests', toRequest: (input = {}) => ({ body: input }) },
  /** @type {Route<[scope?: string | TokenScope], { expired: number }>}
   * expires one token (a string, or `{ token }`), the tokens issued for a tenant's credentials (`{ tenantId }`), or
   * every token (nothing given: never while test files run in parallel); resolves to how many were live
   */
  expireTokens: {
    method: 'POST',
    path: '/tokens/expire',
    toRequest: (scope = {}) => ({ body: typeof scope === 'string' ? { token: scope } : scope }),
  },
  /** what the emulator's clock says @type {Route<[], EmulatorClockReading>} */
  clock: { method: 'GET', path: '/clock' },
  /** @type {Route<[seconds: number], EmulatorClockReading>}
   * moves the emulator's clock forward, and every tenant's with it (0 to a year of seconds, never back): tokens
   * expire by it, a refreshed session lasts an hour of it, events carry its time
   */
  advanceClock: { method: 'POST', path: '/clock', toRequest: (seconds) => ({ body: { advanceSeconds: seconds } }) },
  /** @type {Route<[filter?: AccountFilter | string], Fault[]>}
   * the faults still pending, with the calls each still answers (`times`); those scoped to an account or a tenant
   */
  faults: { method: 'GET', path: '/faults', toRequest: byAccount, fromAnswer: items },
  /** @type {Route<[fault: FaultSpec], Fault>}
   * makes the next calls of an operation (scoped to an account, to path values, or both) answer with an error;
   * resolves to the fault as `faults()` lists it
   */
  injectFault: { method: 'POST', path: '/faults', toRequest: (fault) => ({ body: fault }), fromAnswer: (b) => b.fault },
  /** drops pending faults: an account's or a tenant's, or all @type {Route<[filter?: AccountFilter | string], void>} */
  clearFaults: { method: 'DELETE', path: '/faults', toRequest: byAccount },
  /** @type {Route<[filter?: AccountFilter | string], EventRecord[]>}
   * the RFI events emitted, with their delivery; an account's or a tenant's. Over HTTP it waits for the deliveries in
   * flight; in the emulator's process it answers at once (`settleEvents()` first to see them done)
   */
  events: { method: 'GET', path: '/events', toRequest: byAccount, fromAnswer: items },
  /** forgets events: an account's or a tenant's, or all @type {Route<[filter?: AccountFilter | string], void>} */
  clearEvents: { method: 'DELETE', path: '/events', toRequest: byAccount },
  /** resolves once every webhook delivery started so far has finished @type {Route<[], void>} */
  settleEvents: { method: 'POST', path: '/events/settle' },
  /** the answers and event payloads that broke the spec since the emulator started @type {Route<[], Violation[]>} */
  violations: { method: 'GET', path: '/violations', fromAnswer: items },
  /** @type {Route<[], EmulatorSnapshot>}
   * a snapshot of the whole state, every tenant's, once the webhook deliveries under way are done: give it to
   * `restoreState`, `startEmulator({ state })` or `--state` to have this situation again. The journal is not in it
   */
  state: { method: 'GET', path: '/state' },
  /** @type {Route<[snapshot: EmulatorSnapshot], StateRestored>}
   * replaces the whole state with a snapshot's. One that is not one, of another contract version, or whose parts do
   * not agree is refused (400, `details`: `{ at, problem }`) and nothing changes. It may be as large as a request
   * body
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
