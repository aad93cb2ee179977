import { bindControlRoutes, RefusalError } from '@payments-connect/contract/server';
import { CONTROL_PREFIX, EMULATOR_CONTROL_ROUTES, emulatorRouteLabel } from './control-routes.js';

/**
 * @typedef {import('@payments-connect/contract/server').ControlApi} ControlApi
 * @typedef {import('@payments-connect/contract/server').ControlRequest} ControlRequest
 */
/**
 * @template {import('@payments-connect/contract/control').ControlRouteTable} Table
 * @template {{ [Name in keyof Table]: import('@payments-connect/contract/control').ControlHandler }} Handlers
 * @typedef {import('@payments-connect/contract/control').InProcessControl<Table, Handlers>} InProcessControl
 */

/**
 * @typedef {object} EmulatorDescription what `GET /_emulator` answers: the emulator and its start-up tenant
 * @property {string} url
 * @property {import('./token-issuer.js').Credentials} credentials
 * @property {import('./tenant-registry.js').TenantAccounts} accounts
 * @property {import('./tenant-registry.js').Fixtures} fixtures
 * @property {Record<string, string>} env the conformance suite's sandbox environment
 * @property {number} tokenTtlSeconds
 * @property {boolean} strict
 * @property {string | null} webhookUrl
 */

/**
 * @typedef {object} ControlInfo
 * @property {() => EmulatorDescription} describe what `GET /_emulator` answers
 * @property {() => import('@payments-connect/contract/server').AnswerViolation[]} violations the answers that broke
 *   the contract so far
 */

/**
 * The emulator's control API, `EMULATOR_CONTROL_ROUTES` under `/_emulator`, outside `/v1` so that it never collides
 * with the contract. No bearer token: it is a local test hook, never part of the documented interface, and the
 * pipeline lets only same-origin local callers reach it. Documented in the README.
 * @param {import('./controller.js').Controller} controller
 * @param {ControlInfo} info
 * @returns {{ handlers: ControlHandlers, api: ControlApi }} the handler of each route, by name (what
 *   `emulator.control` calls in this process), and the routes the server serves
 */
export function createControlApi(controller, info) {
  const handlers = createControlHandlers(controller, info);
  return {
    handlers,
    api: {
      prefix: CONTROL_PREFIX,
      routes: bindControlRoutes(EMULATOR_CONTROL_ROUTES, {
        ...handlers,
        // A caller in another process has no other way to see deliveries done; one in this process has settleEvents.
        events: async (request) => {
          await controller.settleEvents();
          return handlers.events(request);
        },
      }),
    },
  };
}

/**
 * The work of each control route, by its name: read the request, ask the controller, answer. Thin on purpose: what a
 * call may do, and its refusals, are the controller's.
 * @param {import('./controller.js').Controller} controller
 * @param {ControlInfo} info
 */
function createControlHandlers(controller, info) {
  const ok = (/** @type {unknown} */ body) => ({ status: 200, body });
  const created = (/** @type {unknown} */ body) => ({ status: 201, body });
  const noContent = () => ({ status: 204 });
  return {
    describe: () => ok(info.describe()),
    reset: () => {
      controller.reset();
      return ok({ reset: true });
    },
    createTenant: (/** @type {ControlRequest} */ { body }) => {
      noFields(body, emulatorRouteLabel('createTenant'));
      return created(controller.createTenant());
    },
    tenant: (/** @type {ControlRequest} */ { params }) => ok(controller.tenant(String(params.tenantId))),
    resetTenant: (/** @type {ControlRequest} */ { params }) => {
      controller.resetTenant(String(params.tenantId));
      return ok({ reset: true });
    },
    deleteTenant: (/** @type {ControlRequest} */ { params }) => {
      controller.deleteTenant(String(params.tenantId));
      return noContent();
    },
    createRfiCase: (/** @type {ControlRequest} */ { body }) => created(controller.createRfiCase(body)),
    approveQuestion: (/** @type {ControlRequest} */ { params }) =>
      ok(controller.approveQuestion(String(params.rfiId), String(params.questionId))),
    approveDocumentRequest: (/** @type {ControlRequest} */ { params }) =>
      ok(controller.approveDocumentRequest(String(params.rfiId), String(params.documentRequestId))),
    closeRfiCase: (/** @type {ControlRequest} */ { params }) => ok(controller.closeRfiCase(String(params.rfiId))),
    cancelRfiCase: (/** @type {ControlRequest} */ { params }) => ok(controller.cancelRfiCase(String(params.rfiId))),
    createPaymentRequest: (/** @type {ControlRequest} */ { body }) => created(controller.createPaymentRequest(body)),
    expireTokens: (/** @type {ControlRequest} */ { body }) => ok(controller.expireTokens(body)),
    clock: () => ok(controller.clock()),
    advanceClock: (/** @type {ControlRequest} */ { body }) => ok(controller.advanceClock(body.advanceSeconds)),
    faults: (/** @type {ControlRequest} */ { query }) => ok({ items: controller.faults(accountFilterOf(query)) }),
    injectFault: (/** @type {ControlRequest} */ { body }) =>
      created({ injected: true, fault: controller.injectFault(body) }),
    clearFaults: (/** @type {ControlRequest} */ { query }) => {
      controller.clearFaults(accountFilterOf(query));
      return noContent();
    },
    events: (/** @type {ControlRequest} */ { query }) => ok({ items: controller.events(accountFilterOf(query)) }),
    clearEvents: (/** @type {ControlRequest} */ { query }) => {
      controller.clearEvents(accountFilterOf(query));
      return noContent();
    },
    settleEvents: async () => {
      await controller.settleEvents();
      return noContent();
    },
    violations: () => ok({ items: info.violations() }),
    state: async () => ok(await controller.state()),
    restoreState: (/** @type {ControlRequest} */ { body }) => ok(controller.restoreState(body)),
  };
}

/** @typedef {ReturnType<typeof createControlHandlers>} ControlHandlers */

/**
 * What tests may do that the API cannot, as functions in the emulator's process: the methods of `connectEmulator`,
 * with the same arguments and results, given at once where the route answers at once.
 * @typedef {import('@payments-connect/contract/server').ServerControl &
 *   InProcessControl<typeof EMULATOR_CONTROL_ROUTES, ControlHandlers>} EmulatorControl
 */

/**
 * The one filter of the events and faults routes, `?accountId=`: a query naming anything else is refused, so that a
 * misspelt filter never acts on everything.
 * @param {URLSearchParams} query
 * @returns {string | undefined}
 * @throws {RefusalError} 400 for another parameter, or an empty account
 */
function accountFilterOf(query) {
  for (const name of query.keys()) {
    if (name !== 'accountId') throw new RefusalError(400, `unknown filter ${name}: the one filter is accountId`);
  }
  const accountId = query.get('accountId');
  if (accountId === '') throw new RefusalError(400, 'accountId must not be empty');
  return accountId ?? undefined;
}

/**
 * A body that must hold nothing: a field the route does not take is refused rather than ignored.
 * @param {Record<string, unknown>} body
 * @param {string} route
 * @returns {void}
 * @throws {RefusalError} 400 naming the first field
 */
function noFields(body, route) {
  const [field] = Object.keys(body);
  if (field !== undefined) throw new RefusalError(400, `${route} takes no fields, got ${field}`);
}
