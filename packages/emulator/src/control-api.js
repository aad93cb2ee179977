import { CONTROL_PREFIX } from './defaults.js';

/**
 * @typedef {import('@payments-connect/contract/server').ControlRoute} ControlRoute
 */

/**
 * @typedef {object} ControlInfo
 * @property {() => unknown} describe what `GET /_emulator` answers
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
    ['GET', '/clock', () => json(controller.clock())],
    ['POST', '/clock', ({ body }) => json(controller.advanceClock(body.advanceSeconds))],
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
  return { prefix: CONTROL_PREFIX, routes: routes.map(([method, path, handle]) => ({ method, path, handle })) };
}
