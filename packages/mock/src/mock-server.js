import { createServer } from 'node:http';
import { answerClientErrors, answerCrossOrigin, sendJson, sendRefusal } from '@payments-connect/openapi/model';
import {
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  MAX_BODY_BYTES,
  MAX_HEADERS_COUNT,
  REQUEST_TIMEOUT_MS,
} from './defaults.js';
import { readPreferences } from './prefer-header.js';

/**
 * @typedef {import('@payments-connect/openapi/model').Contract} Contract
 * @typedef {ReturnType<typeof import('./mock-answer.js').createMockAnswerer>} MockAnswerer
 */

/**
 * The mock's HTTP server. Every request is judged by the contract model first (routing, bearer token, media type,
 * parameters, body), so a refusal names what is actually wrong; an accepted one is answered from the spec as
 * `Prefer` asks. Every answer the mock makes itself is the service's error envelope; none is left unanswered.
 * @param {{ contract: Contract, answerer: MockAnswerer }} deps
 * @returns {import('node:http').Server}
 */
export function createMockServer({ contract, answerer }) {
  const server = createServer(
    {
      keepAlive: true,
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
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

  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   */
  async function handle(request, response) {
    if (answerCrossOrigin(contract, request, response)) return;
    const result = await contract.readIncomingRequest(request, { maxBodyBytes: MAX_BODY_BYTES });
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
