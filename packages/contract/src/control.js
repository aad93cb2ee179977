// @payments-connect/contract/control: the control routes of a server as one table, and the clients built from it
// (over HTTP from any process, or in the server's own process), the routes a server serves for it, and the errors of a
// control call: the `RefusalError` a handler throws to refuse, the `ControlCallError` a remote call rejects with. A
// package face: it only names what `control/` exports. Loads no contract, no schema validator, no server.
export { bindControlRoutes } from './control/bind-control-routes.js';
export { ControlCallError } from './control/control-call-error.js';
export { controlCaller, createControlClient } from './control/control-client.js';
export {
  checkControlHandlers,
  controlPathTemplates,
  controlRouteLabel,
  defineControlRoutes,
  fillControlPath,
  prepareControlCall,
} from './control/control-route-table.js';
export { describeFetchFailure } from './control/fetch-failure.js';
export { inProcessControl } from './control/in-process-control.js';
export { RefusalError } from './control/refusal-error.js';
export { HEALTH_PATH, SERVER_CONTROL_ROUTES } from './control/server-control-routes.js';
export { BASE_URL_VARIABLE, createTestServerModule, TestSetupError } from './control/test-server-setup.js';

/**
 * @typedef {import('./control/control-route-table.js').ControlRouteTable} ControlRouteTable
 * @typedef {import('./control/control-route-table.js').ControlMethod} ControlMethod
 * @typedef {import('./control/control-route-table.js').ControlCallRequest} ControlCallRequest
 * @typedef {import('./control/control-route-table.js').ControlRequest} ControlRequest
 * @typedef {import('./control/control-route-table.js').ControlAnswer} ControlAnswer
 * @typedef {import('./control/control-route-table.js').ControlHandler} ControlHandler
 * @typedef {import('./control/server-control-routes.js').ServerHealth} ServerHealth
 * @typedef {import('./control/bind-control-routes.js').ControlApi} ControlApi
 * @typedef {import('./control/bind-control-routes.js').ControlRoute} ControlRoute
 * @typedef {import('./control/control-client.js').ControlCall} ControlCall
 * @typedef {import('./control/control-client.js').ControlClientSettings} ControlClientSettings
 * @typedef {import('./control/test-server-setup.js').ProvidingProject} ProvidingProject
 * @typedef {import('./control/test-server-setup.js').TestServerModule} TestServerModule
 */
/**
 * @template {unknown[]} [Args=[]]
 * @template [Result=unknown]
 * @typedef {import('./control/control-route-table.js').ControlRouteDeclaration<Args, Result>} ControlRouteDeclaration
 */
/**
 * @template {ControlRouteTable} Table
 * @template {{ [Name in keyof Table]: ControlHandler }} Handlers
 * @typedef {import('./control/in-process-control.js').InProcessControl<Table, Handlers>} InProcessControl
 */
/**
 * @template {ControlRouteTable} Table
 * @typedef {import('./control/control-client.js').ControlClient<Table>} ControlClient
 */
/**
 * @template Provided
 * @typedef {import('./control/test-server-setup.js').TestServer<Provided>} TestServer
 */
/**
 * @template Provided
 * @typedef {import('./control/test-server-setup.js').TestServerSetup<Provided>} TestServerSetup
 */
