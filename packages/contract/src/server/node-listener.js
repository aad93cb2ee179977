import { parseRequestTarget } from '../model/request-target.js';
import { startExchange } from './pipeline/publish-exchange.js';
import { readBody } from './pipeline/read-body.js';
import { sendBody } from './pipeline/send-answer.js';

/**
 * @typedef {import('../contract.js').ParsedTarget} ParsedTarget
 * @typedef {import('../contract.js').InvalidTarget} InvalidTarget
 * @typedef {import('./limits.js').Limits} Limits
 * @typedef {import('./pipeline/request-pipeline.js').RequestPipeline} RequestPipeline
 * @typedef {import('./pipeline/request-pipeline.js').Transport} Transport
 */

/**
 * @typedef {object} NodeListenerSettings
 * @property {RequestPipeline} pipeline the stages every request of the contract meets
 * @property {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse,
 *   target: ParsedTarget | InvalidTarget) => Promise<void> | boolean} serverRoutes the routes of the server
 *   itself (`server-routes.js`): a promise of their answer, true for a preflight answered, false for the contract's
 * @property {Limits} limits the body's, and the bounds of draining one left unread
 */

/**
 * The pipeline on node:http: the request listener of a server of the contract. Its transport reads the body within
 * the limit (after `100 Continue` when the client waits for it), sends each answer with its length, closes in stages
 * after a refusal that left a body unread (`send-answer.js`), and drops the connection of a client that went away.
 * The server's own routes (control API, `/_docs`, CORS) are taken before the stages; a fault in one is answered 500
 * as a stage's is.
 * @param {NodeListenerSettings} settings
 * @returns {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => void}
 */
export function createNodeListener({ pipeline, serverRoutes, limits }) {
  return (request, response) => {
    const exchange = startExchange(request);
    /** @type {Transport} */
    const transport = {
      readBody: () => readBody(request, response, limits.maxBodyBytes),
      send: ({ status, headers, body, contentType, added, closeConnection }) =>
        sendBody(response, status, body, headers, contentType, { closeConnection, limits, added }),
      abandon: () => response.destroy(),
    };
    const target = parseRequestTarget(request.url ?? '/');
    let own;
    try {
      own = serverRoutes(request, response, target);
    } catch (error) {
      pipeline.fail(transport, exchange, error);
      return;
    }
    if (own) {
      if (own !== true) own.catch((error) => pipeline.fail(transport, exchange, error));
      return;
    }
    const pipelineRequest = {
      method: request.method ?? 'GET',
      target: request.url ?? '/',
      headers: request.headersDistinct,
    };
    pipeline.handle(pipelineRequest, transport, exchange, target);
  };
}
