import { createServer } from 'node:http';
import {
  answerClientErrors,
  answerCrossOrigin,
  continueIfExpected,
  sendJson,
  sendRefusal,
} from '@payments-connect/openapi/model';
import { CONNECTIONS_CHECK_INTERVAL_MS, MAX_BODY_BYTES, MAX_HEADERS_COUNT } from './defaults.js';
import { readPreferences } from './prefer-header.js';

/**
 * @typedef {import('@payments-connect/openapi/model').Contract} Contract
 * @typedef {ReturnType<typeof import('./mock-answer.js').createMockAnswerer>} MockAnswerer
 * @typedef {import('./serve-mock.js').MockTimeouts} MockTimeouts
 */

/**
 * The mock's HTTP server. Every request is judged by the contract model first (routing, bearer token, media type,
 * parameters, body), so a refusal names what is actually wrong; an accepted one is answered from the spec as
 * `Prefer` asks. Every answer the mock makes itself is the service's error envelope; none is left unanswered.
 * @param {{ contract: Contract, answerer: MockAnswerer, timeouts: Required<MockTimeouts> }} deps
 * @returns {import('node:http').Server}
 */
export function createMockServer({ contract, answerer, timeouts }) {
  const server = createServer(
    {
      keepAlive: true,
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: CONNECTIONS_CHECK_INTERVAL_MS,
    },
    (request, response) => {
      handle(request, response).catch((error) => {
        const message = `mock error: ${error instanceof Error ? error.message : String(error)}`;
        sendJson(response, 500, { code: contract.errorCode(500), message });
      });
    },
  );
  server.maxHeadersCount = MAX_HEADERS_COUNT;
  server.on('clientError', answerClientErrors(contract));
  // A client that waits for `100 Continue` gets it only once its request passed every check before the body.
  server.on('checkContinue', (request, response) => server.emit('request', request, response));

  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   */
  async function handle(request, response) {
    if (answerCrossOrigin(contract, request, response)) return;
    const result = await contract.readIncomingRequest(request, {
      maxBodyBytes: MAX_BODY_BYTES,
      beforeBody: () => continueIfExpected(request, response),
    });
    if (result.kind === 'abandoned') {
      response.destroy();
      return;
    }
    if (result.kind === 'refused') {
      sendRefusal(response, result.refusal, { closeConnection: result.closeConnection });
      return;
    }
    const { operation } = result;
    const read = readPreferences(request.headersDistinct.prefer?.join(', '), result.query);
    const answer = 'problem' in read ? read : answerer.answer(operation, read.preferences);
    if ('problem' in answer) {
      const violation = { location: /** @type {const} */ ('header'), name: 'Prefer', rule: 'prefer' };
      sendRefusal(
        response,
        contract.refusal(400, [{ ...violation, message: answer.problem, expected: undefined }], operation),
      );
      return;
    }
    const body = answer.body ?? '';
    response.writeHead(answer.status, { ...answer.headers, 'Content-Length': String(Buffer.byteLength(body)) });
    response.end(body);
  }

  return server;
}
