import { defineControlRoutes } from './control-route-table.js';

/**
 * @template {unknown[]} [Args=[]]
 * @template [Result=unknown]
 * @typedef {import('./control-route-table.js').ControlRouteDeclaration<Args, Result>} Route
 */
/** @typedef {import('../server/journal/request-journal.js').JournalEntry} JournalEntry */
/** @typedef {import('../server/journal/journal-filter.js').JournalFilter} JournalFilter */

/**
 * @typedef {object} ServerHealth what `GET <prefix>/health` answers once the server serves
 * @property {'ok'} status
 * @property {string} server which server (`mock`, `emulator`)
 */

/**
 * The control routes every server of the contract has under its prefix, besides its own: the readiness route and the
 * request journal. The pipeline binds them (`startServer`); each server's client has them as methods. Requests to
 * control routes are neither journaled nor forwarded.
 */
export const SERVER_CONTROL_ROUTES = defineControlRoutes({
  /**
   * 200 once the server answers: what a script, or `exec`, waits for before it sends a request
   * @type {Route<[], ServerHealth>}
   */
  health: { method: 'GET', path: '/health' },
  /**
   * the requests the server received, oldest first, each as the pipeline judged it; every criterion of the filter
   * must hold (`operationId`, `status`, `accountId`, `tenantId` on a server with tenants, `since`)
   * @type {Route<[filter?: JournalFilter], JournalEntry[]>}
   */
  requests: {
    method: 'GET',
    path: '/requests',
    toRequest: (filter = {}) => ({ query: { ...filter } }),
    fromAnswer: (body) => body.items,
  },
  /**
   * forgets every request received
   * @type {Route<[], void>}
   */
  clearRequests: { method: 'DELETE', path: '/requests' },
});

/** The readiness route's path below a server's prefix (`/_mock/health`): what a script or `exec` probes. */
export const HEALTH_PATH = SERVER_CONTROL_ROUTES.health.path;
