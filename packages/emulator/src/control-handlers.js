import { bindControlRoutes } from '@payments-connect/contract/server';
import { CONTROL_PREFIX, EMULATOR_CONTROL_ROUTES } from './control-routes.js';
import { DEFAULT_TENANT_ID } from './defaults.js';
import { clockMoveMs } from './emulator-clock.js';
import { inOrder } from './event-log.js';
import { paymentRequests } from './model/payment-requests.js';
import { rfiCases } from './model/rfi-cases.js';
import { notFound, validationFailed } from './refusals.js';

/** @typedef {import('@payments-connect/contract/server').ControlRequest} ControlRequest */
/** @typedef {import('./tenant-worlds.js').TenantWorld} TenantWorld */
/**
 * @template {import('@payments-connect/contract/control').ControlRouteTable} Table
 * @template {{ [Name in keyof Table]: import('@payments-connect/contract/control').ControlHandler }} Handlers
 * @typedef {import('@payments-connect/contract/control').InProcessControl<Table, Handlers>} InProcessControl
 */

/**
 * @typedef {object} EmulatorDescription what `GET /_emulator` answers: the emulator and its start-up tenant
 * @property {string} url
 * @property {import('./token-issuer.js').Credentials} credentials
 * @property {import('./tenant-worlds.js').TenantAccounts} accounts
 * @property {import('./tenant-worlds.js').Fixtures} fixtures
 * @property {Record<string, string>} env the conformance suite's sandbox environment
 * @property {number} tokenTtlSeconds
 * @property {boolean} strict
 * @property {string | null} webhookUrl where the `default` tenant's events go
 */

/**
 * @typedef {{ worlds: import('./tenant-worlds.js').TenantWorlds, tokens: import('./token-issuer.js').TokenIssuer,
 *   deliveries: import('./event-log.js').EventDeliveries, faults: import('./fault-injector.js').FaultInjector,
 *   clock: import('./emulator-clock.js').EmulatorClock,
 *   snapshots: import('./snapshot/snapshot-keeper.js').SnapshotKeeper,
 *   describe: () => Omit<EmulatorDescription, 'webhookUrl'>,
 *   violations: () => import('@payments-connect/contract/server').AnswerViolation[] }} ControlDeps what they act on
 */

/** How long `nextEvent` waits unless told otherwise, and at most. */
const NEXT_EVENT_WAIT_MS = { default: 10_000, max: 60_000 };

/**
 * The emulator's control API, `EMULATOR_CONTROL_ROUTES` under `/_emulator`, outside `/v1` so that it never collides
 * with the contract. No bearer token: it is a local test hook, never part of the documented interface, and the
 * pipeline lets only same-origin local callers reach it. Documented in the README.
 * @param {ControlDeps} deps
 * @returns {{ handlers: ControlHandlers, api: import('@payments-connect/contract/server').ControlApi }} the handler of
 *   each route, by name (what `emulator.control` calls in this process), and the routes the server serves
 */
export function createControlHandlers(deps) {
  const handlers = routeHandlers(deps);
  // A caller in another process has no other way to see deliveries done; one in this process has settleEvents.
  /** @param {ControlRequest} request */
  const events = (request) => deps.deliveries.settled().then(() => handlers.events(request));
  return {
    handlers,
    api: { prefix: CONTROL_PREFIX, routes: bindControlRoutes(EMULATOR_CONTROL_ROUTES, { ...handlers, events }) },
  };
}

/**
 * The world of the tenant a filter names (`?tenantId=` of the events, the faults and the journal). A filter naming
 * no tenant is a bad request (400), not a resource not found: what it filters is there.
 * @param {import('./tenant-worlds.js').TenantWorlds} worlds
 * @returns {(tenantId: string) => TenantWorld}
 */
export function tenantFilter(worlds) {
  return (tenantId) => {
    const world = worlds.all().find((candidate) => candidate.tenantId === tenantId);
    if (!world) throw validationFailed(`tenantId ${tenantId} names no tenant of the emulator`);
    return world;
  };
}

/**
 * The work of each control route, by its name: read the request, ask the model, the tenants' worlds, the tokens,
 * faults, events, clock or snapshots, answer. Thin on purpose: what a call may do, and its refusals, are theirs.
 * @param {ControlDeps} deps
 */
function routeHandlers({ worlds, tokens, deliveries, faults, clock, snapshots, describe, violations }) {
  const ok = (/** @type {unknown} */ body) => ({ status: 200, body });
  const created = (/** @type {unknown} */ body) => ({ status: 201, body });
  /** @param {() => void} act @param {number} [status] @param {unknown} [body] the answer, once it is done */
  const after = (act, status = 204, body = undefined) => {
    act();
    return { status, body };
  };
  const worldOfFilter = tenantFilter(worlds);
  /** @param {ControlRequest} request */
  const tenantOf = ({ params }) => String(params.tenantId);
  /**
   * The world of the account a control input names (the default tenant's primary account when it names none).
   * @param {unknown} accountId
   */
  const ownerOf = (accountId = worlds.find(DEFAULT_TENANT_ID).accountIds.primary) => {
    if (typeof accountId !== 'string' || accountId === '') throw validationFailed('accountId must be a string');
    const world = worlds.ofAccount(accountId);
    if (!world) throw notFound(`account ${accountId}`);
    return { world, accountId };
  };
  /**
   * A route on the case of the path, whichever tenant holds it.
   * @param {(world: TenantWorld, accountId: string, params: Record<string, string>) => unknown} act
   */
  const onCase =
    (act) =>
    (/** @type {ControlRequest} */ { params }) => {
      const { world, accountId } = worlds.holding('rfiCases', String(params.rfiId), 'RFI');
      return ok(act(world, accountId, params));
    };
  /**
   * The accounts a query names (`?accountId=` or `?tenantId=`), or every account: a query naming anything else is
   * refused, so that a misspelt filter never acts on everything.
   * @param {URLSearchParams} query
   */
  const scopeOf = (query) => {
    const unknown = [...query.keys()].find((name) => name !== 'accountId' && name !== 'tenantId');
    if (unknown) throw validationFailed(`unknown filter ${unknown}: the filters are accountId and tenantId`);
    const [accountId, tenantId] = [query.get('accountId'), query.get('tenantId')];
    if (accountId === '' || tenantId === '') throw validationFailed('accountId and tenantId must not be empty');
    if (tenantId !== null) return Object.values(worldOfFilter(tenantId).accountIds);
    return accountId === null ? undefined : [accountId];
  };
  /**
   * Whether a restore keeps the tenant's live tokens: `?keepLiveTokens=false` gives it the snapshot's alone.
   * @param {URLSearchParams} query
   */
  const keepLiveTokensOf = (query) => {
    const unknown = [...query.keys()].find((name) => name !== 'keepLiveTokens');
    if (unknown) throw validationFailed(`unknown option ${unknown}: the option is keepLiveTokens`);
    const keep = query.get('keepLiveTokens');
    if (keep !== null && keep !== 'true' && keep !== 'false')
      throw validationFailed(`keepLiveTokens must be true or false, got ${JSON.stringify(keep)}`);
    return keep !== 'false';
  };

  return {
    describe: () => ok({ ...describe(), webhookUrl: worlds.find(DEFAULT_TENANT_ID).webhookUrl() ?? null }),
    reset: () =>
      after(
        () => {
          worlds.resetAll();
          faults.clear();
        },
        200,
        { reset: true },
      ),
    createTenant: (/** @type {ControlRequest} */ { body }) => created(worlds.create(body)),
    tenant: (/** @type {ControlRequest} */ request) => ok(worlds.describe(tenantOf(request))),
    setTenantWebhookUrl: (/** @type {ControlRequest} */ request) =>
      ok(worlds.setWebhookUrl(tenantOf(request), request.body.webhookUrl)),
    tenantClock: (/** @type {ControlRequest} */ request) => ok(worlds.clock(tenantOf(request))),
    advanceTenantClock: (/** @type {ControlRequest} */ request) =>
      ok(worlds.advanceClock(tenantOf(request), request.body.advanceSeconds)),
    nextEvent: async (/** @type {ControlRequest} */ request) => {
      const { type, timeoutMs = NEXT_EVENT_WAIT_MS.default } = request.body;
      const world = worlds.find(tenantOf(request));
      if (type !== undefined && typeof type !== 'string') throw validationFailed('type must be an event type');
      if (!Number.isInteger(timeoutMs) || timeoutMs < 0 || timeoutMs > NEXT_EVENT_WAIT_MS.max)
        throw validationFailed(`timeoutMs must be an integer from 0 to ${NEXT_EVENT_WAIT_MS.max}`);
      return ok(await world.events.next({ type, timeoutMs, whose: `tenant ${world.tenantId}` }));
    },
    tenantState: (/** @type {ControlRequest} */ request) =>
      deliveries.settled().then(() => ok(snapshots.take(tenantOf(request)))),
    restoreTenantState: (/** @type {ControlRequest} */ request) => {
      const keepLiveTokens = keepLiveTokensOf(request.query);
      return ok(snapshots.restore(request.body, tenantOf(request), { keepLiveTokens }));
    },
    resetTenant: (/** @type {ControlRequest} */ request) =>
      after(() => worlds.reset(tenantOf(request)), 200, { reset: true }),
    deleteTenant: (/** @type {ControlRequest} */ request) => after(() => worlds.remove(tenantOf(request))),
    createRfiCase: (/** @type {ControlRequest} */ { body }) => {
      const { world, accountId } = ownerOf(body.accountId);
      return created(rfiCases.create(world, accountId, body));
    },
    approveQuestion: onCase((world, accountId, p) => rfiCases.approveQuestion(world, accountId, p.rfiId, p.questionId)),
    approveDocumentRequest: onCase((world, accountId, p) =>
      rfiCases.approveDocumentRequest(world, accountId, p.rfiId, p.documentRequestId),
    ),
    closeRfiCase: onCase((world, accountId, p) => rfiCases.close(world, accountId, p.rfiId)),
    cancelRfiCase: onCase((world, accountId, p) => rfiCases.cancel(world, accountId, p.rfiId)),
    createPaymentRequest: (/** @type {ControlRequest} */ { body }) => {
      const { world, accountId } = ownerOf(body.accountId);
      return created(paymentRequests.create(world, accountId, body));
    },
    expireTokens: (/** @type {ControlRequest} */ { body: scope }) => {
      if (scope === null || typeof scope !== 'object')
        throw validationFailed('expireTokens takes a token or { token?, tenantId? }');
      const { token, tenantId } = scope;
      if (token !== undefined && typeof token !== 'string') throw validationFailed('token must be a string');
      if (tenantId !== undefined && typeof tenantId !== 'string') throw validationFailed('tenantId must be a string');
      if (tenantId !== undefined) worlds.find(tenantId);
      return ok({ expired: tokens.expire({ token, tenantId }) });
    },
    clock: () => ok(clock.reading()),
    advanceClock: (/** @type {ControlRequest} */ { body }) => {
      clock.advancedMs += clockMoveMs(body.advanceSeconds);
      return ok(clock.reading());
    },
    faults: (/** @type {ControlRequest} */ { query }) => ok({ items: faults.list(scopeOf(query)) }),
    injectFault: (/** @type {ControlRequest} */ { body }) => {
      if (body.accountId !== undefined) ownerOf(body.accountId);
      return created({ injected: true, fault: faults.add(body) });
    },
    clearFaults: (/** @type {ControlRequest} */ { query }) => after(() => faults.clear(scopeOf(query))),
    events: (/** @type {ControlRequest} */ { query }) => {
      const scope = scopeOf(query);
      return ok({ items: inOrder(worlds.holdingAny(scope).map((world) => world.events.logged(scope))) });
    },
    clearEvents: (/** @type {ControlRequest} */ { query }) => {
      const scope = scopeOf(query);
      return after(() => {
        for (const world of worlds.holdingAny(scope)) world.events.clear(scope);
      });
    },
    settleEvents: () => deliveries.settled().then(() => ({ status: 204 })),
    violations: () => ok({ items: violations() }),
    state: () => deliveries.settled().then(() => ok(snapshots.take())),
    restoreState: (/** @type {ControlRequest} */ { body }) => ok(snapshots.restore(body)),
  };
}

/** @typedef {ReturnType<typeof routeHandlers>} ControlHandlers */

/**
 * What tests may do that the API cannot, as functions in the emulator's process: the methods of `connectEmulator`,
 * with the same arguments and results, given at once where the route answers at once.
 * @typedef {import('@payments-connect/contract/server').ServerControl &
 *   InProcessControl<typeof EMULATOR_CONTROL_ROUTES, ControlHandlers>} EmulatorControl
 */
