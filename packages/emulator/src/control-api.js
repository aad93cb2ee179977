import { ApiError, notFound, validationFailed } from './api-error.js';
import { CONTROL_PREFIX } from './defaults.js';
import { compilePathTemplate, matchPathTemplate } from './path-template.js';

/**
 * @typedef {object} ControlRequest
 * @property {Record<string, string>} params
 * @property {any} body the JSON body ({} when none)
 */

/** @typedef {{ status: number, body?: unknown }} ControlAnswer */

/**
 * The control API routes, outside `/v1` so that they never collide with the contract. No bearer
 * token: it is a local test hook, never part of the documented interface. Documented in the README.
 * @param {import('./controller.js').Controller} controller
 * @param {{ describe: () => unknown, violations: () => unknown }} info
 * @returns {Array<{ method: string, template: string, handle: (request: ControlRequest) => ControlAnswer | Promise<ControlAnswer> }>}
 */
function controlRoutes(controller, info) {
  const json = (/** @type {unknown} */ body, status = 200) => ({ status, body });
  return [
    { method: 'GET', template: '', handle: () => json(info.describe()) },
    {
      method: 'POST',
      template: '/reset',
      handle: () => {
        controller.reset();
        return json({ reset: true });
      },
    },
    { method: 'POST', template: '/rfi-cases', handle: ({ body }) => json(controller.createRfiCase(body), 201) },
    {
      method: 'POST',
      template: '/rfi-cases/{rfiId}/questions/{questionId}/approve',
      handle: ({ params }) => json(controller.approveQuestion(params.rfiId, params.questionId)),
    },
    {
      method: 'POST',
      template: '/rfi-cases/{rfiId}/document-requests/{documentRequestId}/approve',
      handle: ({ params }) => json(controller.approveDocumentRequest(params.rfiId, params.documentRequestId)),
    },
    {
      method: 'POST',
      template: '/rfi-cases/{rfiId}/close',
      handle: ({ params }) => json(controller.closeRfiCase(params.rfiId)),
    },
    {
      method: 'POST',
      template: '/rfi-cases/{rfiId}/cancel',
      handle: ({ params }) => json(controller.cancelRfiCase(params.rfiId)),
    },
    {
      method: 'POST',
      template: '/payment-requests',
      handle: ({ body }) => json(controller.createPaymentRequest(body), 201),
    },
    { method: 'POST', template: '/tokens/expire', handle: ({ body }) => json(controller.expireTokens(body.token)) },
    {
      method: 'GET',
      template: '/events',
      handle: async () => {
        await controller.settleEvents();
        return json({ items: controller.events() });
      },
    },
    {
      method: 'DELETE',
      template: '/events',
      handle: () => {
        controller.clearEvents();
        return { status: 204 };
      },
    },
    {
      method: 'POST',
      template: '/faults',
      handle: ({ body }) => {
        controller.injectFault(body);
        return json({ injected: true }, 201);
      },
    },
    {
      method: 'DELETE',
      template: '/faults',
      handle: () => {
        controller.clearFaults();
        return { status: 204 };
      },
    },
    { method: 'GET', template: '/violations', handle: () => json({ items: info.violations() }) },
  ];
}

/**
 * Serves the control API for the request listener.
 * @param {import('./controller.js').Controller} controller
 * @param {{ describe: () => unknown, violations: () => unknown }} info
 * @returns {(req: import('node:http').IncomingMessage, url: URL, rawBody: Buffer) => Promise<ControlAnswer>}
 */
export function createControlApi(controller, info) {
  const routes = controlRoutes(controller, info).map((route) => ({
    ...route,
    matcher: compilePathTemplate(`${CONTROL_PREFIX}${route.template}`),
  }));
  return async (req, url, rawBody) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const candidates = routes
      .map((route) => ({ route, params: matchPathTemplate(route.matcher, url.pathname) }))
      .filter((c) => c.params !== undefined);
    if (candidates.length === 0) throw notFound(`control route ${url.pathname}`);
    const chosen = candidates.find((c) => c.route.method === method);
    if (!chosen) {
      const allowed = candidates.map((c) => c.route.method).join(', ');
      throw new ApiError(405, `${method} is not allowed on ${url.pathname}; allowed: ${allowed}`, {
        headers: { Allow: allowed },
      });
    }
    return chosen.route.handle({
      params: /** @type {Record<string, string>} */ (chosen.params),
      body: parseControlBody(rawBody),
    });
  };
}

/** @param {Buffer} rawBody */
function parseControlBody(rawBody) {
  if (rawBody.length === 0) return {};
  let body;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw validationFailed('control API bodies are JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw validationFailed('control API bodies are JSON objects');
  return body;
}
