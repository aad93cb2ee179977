import {
  createOperationMatcher,
  jsonDepth,
  MAX_JSON_DEPTH,
  parseMediaType,
  sendJson,
  sendRefusal,
} from '@payments-connect/openapi/model';
import { ApiError, validationFailed } from './api-error.js';
import { CONTROL_PREFIX, MAX_CONTROL_BODY_BYTES } from './defaults.js';

/**
 * @typedef {object} ControlRequest
 * @property {Record<string, string>} params
 * @property {any} body the JSON body ({} when none)
 */

/** @typedef {{ status: number, body?: unknown }} ControlAnswer */

/**
 * @typedef {object} ControlRoute
 * @property {string} method
 * @property {string} path
 * @property {(request: ControlRequest) => ControlAnswer | Promise<ControlAnswer>} handle
 */

/**
 * The control API routes, outside `/v1` so that they never collide with the contract. No bearer token: it is a
 * local test hook for the process that started the emulator, never part of the documented interface, and only
 * same-origin local callers reach it (see `isLocalCaller`). Documented in the README.
 * @param {import('./controller.js').Controller} controller
 * @param {ControlInfo} info
 * @returns {ControlRoute[]}
 */
function controlRoutes(controller, info) {
  const json = (/** @type {unknown} */ body, status = 200) => ({ status, body });
  /** @type {Array<[string, string, ControlRoute['handle']]>} */
  const routes = [
    ['GET', '', () => json(info.describe())],
    ['POST', '/reset', () => json(controller.reset() ?? { reset: true })],
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
    ['POST', '/tokens/expire', ({ body }) => json(controller.expireTokens(body.token))],
    [
      'GET',
      '/events',
      async () => {
        await controller.settleEvents();
        return json({ items: controller.events() });
      },
    ],
    ['DELETE', '/events', () => json(controller.clearEvents(), 204)],
    ['POST', '/faults', ({ body }) => json(controller.injectFault(body) ?? { injected: true }, 201)],
    ['DELETE', '/faults', () => json(controller.clearFaults(), 204)],
    ['GET', '/violations', () => json({ items: info.violations() })],
  ];
  return routes.map(([method, path, handle]) => ({ method, path: `${CONTROL_PREFIX}${path}`, handle }));
}

/**
 * Whether a request comes from the machine's own caller and not through a web page of another origin: its Host
 * names this server as reached on loopback (a foreign Host is a DNS-rebinding page), and an Origin, when a browser
 * sends one, is this server's own. The control API hands out the client secret and changes state, so any web page
 * a developer happens to have open must not reach it.
 * @param {import('node:http').IncomingMessage} req
 * @param {number} port the port the emulator listens on
 * @param {string} host the host it was asked to listen on
 */
function isLocalCaller(req, port, host) {
  const own = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `${host}:${port}`]);
  const hostHeader = req.headers.host?.toLowerCase();
  if (!hostHeader || !own.has(hostHeader)) return false;
  const origin = req.headers.origin;
  return origin === undefined || origin === `http://${hostHeader}`;
}

/**
 * @typedef {object} ControlInfo
 * @property {() => unknown} describe what `GET /_emulator` answers
 * @property {() => unknown} violations the answers that broke the contract so far
 * @property {() => { port: number, host: string }} address where the emulator listens
 */

/**
 * Serves the control API for the request listener.
 * @param {import('@payments-connect/openapi/model').Contract} contract gives the code of each error status
 * @param {import('./controller.js').Controller} controller
 * @param {ControlInfo} info
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>}
 */
export function createControlApi(contract, controller, info) {
  const match = createOperationMatcher(controlRoutes(controller, info));
  return async (req, res) => {
    try {
      const { port, host } = info.address();
      if (!isLocalCaller(req, port, host)) {
        const message = 'the control API answers only local callers of this address, never another origin';
        throw new ApiError(403, message);
      }
      const found = match(req.method ?? 'GET', req.url ?? '/');
      if (found.kind === 'method-not-allowed') {
        const allowed = found.allowed.join(', ');
        throw new ApiError(405, `${req.method} is not allowed on ${found.template}; allowed: ${allowed}`, {
          headers: { Allow: allowed },
        });
      }
      if (found.kind !== 'matched') throw new ApiError(404, `no control route at ${req.url}`);
      const body = await readControlBody(req);
      const answer = await found.operation.handle({ params: found.pathParams, body });
      sendJson(res, answer.status, answer.status === 204 ? undefined : answer.body);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // A body left unread (refused before or while reading it) cannot be followed by another request.
      sendRefusal(res, error.toRefusal(contract), { closeConnection: !req.complete });
    }
  };
}

/**
 * Reads a control API body: JSON (a form or text body, which a page could send without asking, is refused),
 * within {@link MAX_CONTROL_BODY_BYTES} and {@link MAX_JSON_DEPTH}, an object.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<any>}
 */
async function readControlBody(req) {
  const announced = Number(req.headers['content-length'] ?? 0);
  if (announced === 0 && req.headers['transfer-encoding'] === undefined) return {};
  if (parseMediaType(req.headers['content-type'])?.essence !== 'application/json') {
    throw new ApiError(415, 'control API bodies are application/json');
  }
  if (announced > MAX_CONTROL_BODY_BYTES) {
    throw validationFailed(`control API bodies are at most ${MAX_CONTROL_BODY_BYTES} bytes`);
  }
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_CONTROL_BODY_BYTES)
      throw validationFailed(`control API bodies are at most ${MAX_CONTROL_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    throw validationFailed(`control API bodies nest at most ${MAX_JSON_DEPTH} levels`);
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw validationFailed('control API bodies are JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw validationFailed('control API bodies are JSON objects');
  return body;
}
