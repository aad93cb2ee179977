// examples/control-routes.js
import { loadContract } from '@payments-connect/contract';
import { createControlClient, defineControlRoutes, inProcessControl } from '@payments-connect/contract/control';
import { bindControlRoutes, startServer } from '@payments-connect/contract/server';

// One declaration per route: what the server serves, and what both clients call.
const ROUTES = defineControlRoutes({
  /** @type {import('@payments-connect/contract/control').ControlRouteDeclaration<[id: string], { id: string }>} */
  closeCase: { method: 'POST', path: '/cases/{id}/close', toRequest: (id) => ({ params: { id } }) },
});
// The server's work, by route name: a route without its handler, or a handler without its route, fails here.
const handlers = { closeCase: (/** @type {any} */ { params }) => ({ status: 200, body: { id: params.id } }) };

const server = await startServer({
  contract: loadContract(),
  name: 'double',
  answer: () => ({ status: 404 }),
  control: { prefix: '/_double', routes: bindControlRoutes(ROUTES, handlers) },
});
const settings = { prefix: '/_double', server: 'double', client: 'connectDouble', timeoutMs: 5_000 };
const remote = createControlClient(ROUTES, server.url, settings); // from any process, over HTTP
const local = inProcessControl(ROUTES, handlers); // in the server's process, through the same handlers
console.log(await remote.closeCase('c 1'), local.closeCase('c 2'));
await server.stop();
