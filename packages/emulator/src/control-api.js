import { DEFAULT_LIMITS, RefusalError } from '@payments-connect/contract/server';
import { CONTROL_PREFIX } from './defaults.js';

/**
 * @typedef {import('@payments-connect/contract/server').ControlRoute} ControlRoute
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
 * @property {() => unknown} violations the answers that broke the contract so far
 */

/**
 * The control API, under `/_emulator`, outside `/v1` so that it never collides with the contract. No bearer token:
 * it is a local test hook, never part of the documented interface, and the pipeline lets only same-origin local
 * callers reach it. Documented in the README.
 * @param {import('./controller.js').Controller} controller
 * @param {ControlInfo} info
 * @returns {import('@payments-connect/contract/server').ControlApi}
 */
export function createControlApi(controller, info) {
  const json = (/** @type {unknown} */ body, status = 200) => ({ status, body });
  /** @type {Array<[string, string, ControlRoute['handle']]>} */
  const routes = [
    ['GET', '', () => json(info.describe())],
    ['POST', '/reset', () => json(controller.reset() ?? { reset: true })],
    [
      'POST',
      '/tenants',
      ({ body }) => {
        noFields(body, `POST ${CONTROL_PREFIX}/tenants`);
        return json(controller.createTenant(), 201);
      },
    ],
    ['GET', '/tenants/{tenantId}', ({ params }) => json(controller.tenant(String(params.tenantId)))],
    [
      'POST',
      '/tenants/{tenantId}/reset',
      ({ params }) => json(controller.resetTenant(String(params.tenantId)) ?? { reset: true }),
    ],
    ['DELETE', '/tenants/{tenantId}', ({ params }) => json(controller.deleteTenant(String(params.tenantId)), 204)],
    ['POST', '/rfi-cases', ({ body }) => json(controller.createRfiCase(body), 201)],
    [
      'POST',
      '/rfi-cases/{rfiId}/questions/{questionId}/approve',
      ({ params }) => json(controller.approveQuestion(String(params.rfiId), String(params.questionId))),
    ],
    [
      'POST',
      '/rfi-cases/{rfiId}/document-requests/{documentRequestId}/approve',
      ({ params }) => json(controller.approveDocumentRequest(String(params.rfiId), String(params.documentRequestId))),
    ],
    ['POST', '/rfi-cases/{rfiId}/close', ({ params }) => json(controller.closeRfiCase(String(params.rfiId)))],
    ['POST', '/rfi-cases/{rfiId}/cancel', ({ params }) => json(controller.cancelRfiCase(String(params.rfiId)))],
    ['POST', '/payment-requests', ({ body }) => json(controller.createPaymentRequest(body), 201)],
    [
      'POST',
      '/tokens/expire',
      ({ body }) => json(controller.expireTokens({ token: body.token, tenantId: body.tenantId })),
    ],
    ['GET', '/clock', () => json(controller.clock())],
    ['POST', '/clock', ({ body }) => json(controller.advanceClock(body.advanceSeconds))],
    [
      'GET',
      '/events',
      async ({ query }) => {
        const accountId = accountFilterOf(query);
        await controller.settleEvents();
        return json({ items: controller.events(accountId) });
      },
    ],
    ['DELETE', '/events', ({ query }) => json(controller.clearEvents(accountFilterOf(query)), 204)],
    ['GET', '/faults', ({ query }) => json({ items: controller.faults(accountFilterOf(query)) })],
    ['POST', '/faults', ({ body }) => json({ injected: true, fault: controller.injectFault(body) }, 201)],
    ['DELETE', '/faults', ({ query }) => json(controller.clearFaults(accountFilterOf(query)), 204)],
    ['GET', '/violations', () => json({ items: info.violations() })],
    ['GET', '/state', async () => json(await controller.state())],
  ];
  return {
    prefix: CONTROL_PREFIX,
    routes: [
      ...routes.map(([method, path, handle]) => ({ method, path, handle })),
      // A saved state holds every tenant's records: far more than the test records of the other routes, and no more
      // than a request body of the contract may carry.
      {
        method: 'PUT',
        path: '/state',
        maxBodyBytes: DEFAULT_LIMITS.maxBodyBytes,
        handle: ({ body }) => json(controller.restoreState(body)),
      },
    ],
  };
}

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
