import { hasBodyHeaders, parseRequestTarget } from '../../contract.js';
import { answerRequest } from './answer-request.js';
import { checkAnswer } from './check-answer.js';
import { checkBody } from './check-body.js';
import { checkHead } from './check-head.js';
import { startExchange } from './publish-exchange.js';
import { readBody, tooLarge } from './read-body.js';
import { routeRequest } from './route-request.js';
import { sendBody, sendJsonText } from './send-answer.js';

/**
 * @typedef {import('../../contract.js').Contract} Contract
 * @typedef {import('../../contract.js').Refusal} Refusal
 * @typedef {import('../../contract.js').ContractOperation} ContractOperation
 * @typedef {import('../limits.js').Limits} Limits
 * @typedef {import('./pipeline-policy.js').PipelinePolicy} PipelinePolicy
 * @typedef {import('./publish-exchange.js').Exchange} Exchange
 * @typedef {import('./answer-request.js').Answer} Answer
 * @typedef {import('./answer-request.js').ReadRequest} ReadRequest
 */

/**
 * The server's own gate, once the operation and the bearer token's form are known and before the media type,
 * parameters and body are checked: a token it did not issue, a fault it was told to inject (perhaps for one path id
 * only). `pathParams` are the path's values as sent (decoded, not yet checked); a refusal it returns is the answer.
 * @typedef {(operation: ContractOperation, headers: Record<string, string[] | undefined>,
 *   pathParams: Record<string, string>) => Refusal | undefined | Promise<Refusal | undefined>} Gate
 */

/**
 * The slots of the pipeline, typed once: what a server fills in. The stages themselves are the pipeline's.
 * @typedef {object} PipelineSettings
 * @property {Contract} contract what requests and answers are judged by
 * @property {string} name the server, in the message of an answer it failed to make (`mock`, `emulator`)
 * @property {(request: ReadRequest) => Answer | Promise<Answer>} answer the answer stage: the mock's examples, the
 *   emulator's state, or an upstream's answer (`forward-request.js`); throws a `RefusalError` to refuse
 * @property {Gate} [gate] the server's gate
 * @property {PipelinePolicy} policy what is done with a request or an answer that breaks the contract
 * @property {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse,
 *   target: ReturnType<typeof parseRequestTarget>) => Promise<void> | boolean} serverRoutes the routes of the server
 *   itself (`server-routes.js`): a promise of their answer, true for a preflight answered, false for the contract's
 * @property {(exchange: Exchange) => void} publish tells every listener of an exchange, once it is answered
 * @property {Limits} limits
 */

/**
 * The one request pipeline of every server of the contract, its stages in the order a request meets them, each a
 * file named for it; each refusal is the service's error envelope, and is sent at the first stage that finds one
 * (unless the policy passes the request on, as a validating proxy does):
 *
 * 1. target (`request-target.js`, `server-routes.js`): the target read once; the server's own routes (control API,
 *    `/_docs`, a CORS preflight) take theirs;
 * 2. route (`route-request.js`): the operation; 400 for a target that is no path, 404, 405;
 * 3. head check (`check-head.js`): 401 for no bearer token of the right form;
 * 4. the server's gate (its own, e.g. the emulator's `request-gate.js`): a token it did not issue, an injected fault;
 *    then the head check's 415 for a media type the operation does not take;
 * 5. body (`read-body.js`): read within the limit (400, unread, past it), after `100 Continue` when asked for;
 * 6. body check (`check-body.js`): the parameters' and the body's violations in one 400;
 * 7. answer (`answer-request.js`): the server's answerer, or the upstream's answer (`forward-request.js`); a
 *    refusal it throws is answered in the error envelope;
 * 8. answer check (`check-answer.js`): the answer against the operation's documented responses; the policy may
 *    replace one that breaks the contract (strict);
 * 9. send (`send-answer.js`): the answer with its length; a refusal that left a body unread closes in stages;
 * 10. publish (`publish-exchange.js`): the exchange, begun as the request arrived, to every listener (the journal, the
 *    violation reports).
 * @param {PipelineSettings} settings
 * @returns {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => void} the
 *   request listener of a node:http server
 */
export function createRequestPipeline(settings) {
  const { contract, name, answer, gate, policy, serverRoutes, publish, limits } = settings;

  /**
   * The stages, in order. A stage whose work is synchronous is not awaited: a request without a body to parse, to a
   * synchronous answerer, is answered in the turn of the event loop it arrived in. Anything thrown on the way but a
   * refusal is a fault of the server, answered 500.
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   * @param {Exchange} exchange
   */
  async function handle(request, response, exchange) {
    try {
      // 1. target
      const target = parseRequestTarget(request.url ?? '/');
      const own = serverRoutes(request, response, target);
      if (own) {
        await own;
        return;
      }
      const method = request.method ?? 'GET';
      const headers = request.headersDistinct;
      // 2. route
      const route = routeRequest(contract, method, target);
      const { operation } = route;
      exchange.operation = operation;
      if (route.refusal && refused(response, exchange, route.refusal)) return;
      // 3. head check
      const head = checkHead(contract, route, headers);
      if (head.credentials && refused(response, exchange, head.credentials)) return;
      // 4. the server's gate
      const gating = gate && operation ? gate(operation, headers, route.pathParams) : undefined;
      const closed = gating instanceof Promise ? await gating : gating;
      if (closed && refused(response, exchange, closed)) return;
      if (head.mediaType && refused(response, exchange, head.mediaType)) return;
      // 5. body
      const reading = readBody(request, response, limits.maxBodyBytes);
      const body = reading instanceof Promise ? await reading : reading;
      if (body === 'abandoned') {
        response.destroy();
        exchange.notes = ['the client went away before its request was whole'];
        finish(exchange, 0, undefined);
        return;
      }
      if (body === 'too-large') return refuse(response, exchange, tooLarge(contract, operation, limits.maxBodyBytes));
      exchange.requestBody = body;
      // 6. body check
      const checking = checkBody(contract, route, head, headers, body);
      const checked = checking instanceof Promise ? await checking : checking;
      if (checked.refusal && refused(response, exchange, checked.refusal)) return;
      // 7. answer
      const sentTarget = request.url ?? '/';
      /** @type {ReadRequest} */
      const read =
        operation && exchange.requestViolations.length === 0
          ? {
              kind: 'accepted',
              operation,
              values: checked.values,
              path: route.path,
              query: route.query,
              headers,
              body,
              method,
              target: sentTarget,
            }
          : { kind: 'passed-on', operation, headers, body, method, target: sentTarget };
      const answering = answerRequest(contract, answer, read);
      const answered = answering instanceof Promise ? await answering : answering;
      // 8. to 10.
      send(response, exchange, answered, false);
    } catch (error) {
      const message = `${name} error: ${error instanceof Error ? error.message : String(error)}`;
      const text = JSON.stringify({ code: contract.errorCode(500), message });
      sendJsonText(response, 500, text, {}, { limits });
      Object.assign(exchange, {
        answeredStatus: 500,
        answerViolations: [],
        undocumented: false,
        headers: {},
        notes: [],
        replayed: undefined,
      });
      finish(exchange, 500, text);
    }
  }

  /**
   * A request that broke the contract at a stage: refused when the policy says so (the refusal sent and the exchange
   * published), else its violations kept for the journal and the request goes on.
   * @param {import('node:http').ServerResponse} response
   * @param {Exchange} exchange
   * @param {Refusal} refusal
   * @returns {boolean} whether it was refused
   */
  function refused(response, exchange, refusal) {
    if (policy.refuses(refusal)) {
      refuse(response, exchange, refusal);
      return true;
    }
    exchange.requestViolations = [...exchange.requestViolations, ...violationsOf(refusal)];
    return false;
  }

  /**
   * Sends a refusal; a body not read whole when it came is left unread, and the connection then closes in stages.
   * @param {import('node:http').ServerResponse} response
   * @param {Exchange} exchange
   * @param {Refusal} refusal
   */
  function refuse(response, exchange, refusal) {
    exchange.requestViolations = violationsOf(refusal);
    const unread = exchange.requestBody === undefined && hasBodyHeaders(exchange.request.headersDistinct);
    send(response, exchange, refusal, unread);
  }

  /**
   * The answer check, send and publish stages. The answer is checked against the operation's documented responses
   * (every answer of an operation: the server's, an upstream's, the pipeline's own refusals), save the server's own
   * in place of a failed upstream's, which says nothing of whether the upstream keeps the contract: that is reported
   * as the upstream's failure, never as a violation.
   * @param {import('node:http').ServerResponse} response
   * @param {Exchange} exchange
   * @param {Answer} answered
   * @param {boolean} closeConnection a body was left unread
   */
  function send(response, exchange, answered, closeConnection) {
    const { status, headers = {}, body, text, raw, notes = [], upstreamFailure, replayed } = answered;
    const { operation } = exchange;
    const made = raw ?? text ?? (body === undefined ? undefined : JSON.stringify(body));
    const madeText = raw ? (text ?? Buffer.from(raw).toString('utf8')) : /** @type {string | undefined} */ (made);
    // 8. answer check
    const verdict =
      operation && upstreamFailure === undefined
        ? checkAnswer(contract, operation, { status, headers, text: madeText, value: body })
        : undefined;
    const answerViolations = verdict?.violations ?? [];
    const replaced =
      operation && answerViolations.length > 0 ? policy.replacesAnswer(operation, status, answerViolations) : undefined;
    const added = policy.headers(exchange.requestViolations.length + answerViolations.length);
    const sentHeaders = replaced ? {} : headers;
    // 9. send: a body passed on as it came keeps the type it names; the pipeline's own are JSON
    const sent = replaced ? replaced.text : made;
    const passedOn = raw !== undefined && !replaced;
    const type = passedOn || sent === undefined ? undefined : 'application/json';
    sendBody(response, replaced?.status ?? status, sent, sentHeaders, type, { closeConnection, limits, added });
    // 10. publish
    exchange.answeredStatus = status;
    exchange.answerViolations = answerViolations;
    exchange.undocumented = verdict?.undocumented ?? false;
    exchange.upstreamFailure = upstreamFailure;
    exchange.headers = sentHeaders;
    exchange.notes = notes;
    exchange.replayed = replayed;
    finish(exchange, replaced?.status ?? status, passedOn ? madeText : /** @type {string | undefined} */ (sent));
  }

  /**
   * @param {Exchange} exchange
   * @param {number} status
   * @param {string | undefined} answerText
   */
  function finish(exchange, status, answerText) {
    exchange.status = status;
    exchange.answerText = answerText;
    exchange.durationMs = Math.round((performance.now() - exchange.arrived) * 1000) / 1000;
    publish(exchange);
  }

  return (request, response) => handle(request, response, startExchange(request));
}

/**
 * The violations a refusal names (its envelope's `details`).
 * @param {Refusal} refusal
 * @returns {Exchange['requestViolations']}
 */
function violationsOf(refusal) {
  const details = refusal.body.details;
  return Array.isArray(details) ? details : [];
}
