import { parseRequestTarget } from '../../model/request-target.js';
import { hasBodyHeaders } from '../../model/request-validator.js';
import { answerRequest } from './answer-request.js';
import { tooLarge } from './body-limit.js';
import { checkAnswer } from './check-answer.js';
import { checkBody } from './check-body.js';
import { checkHead } from './check-head.js';
import { routeRequest } from './route-request.js';

/**
 * @typedef {import('../../contract.js').Contract} Contract
 * @typedef {import('../../contract.js').Refusal} Refusal
 * @typedef {import('../../contract.js').ContractOperation} ContractOperation
 * @typedef {import('../../contract.js').ParsedTarget} ParsedTarget
 * @typedef {import('../../contract.js').InvalidTarget} InvalidTarget
 * @typedef {import('./pipeline-policy.js').PipelinePolicy} PipelinePolicy
 * @typedef {import('./publish-exchange.js').Exchange} Exchange
 * @typedef {import('./answer-request.js').Answer} Answer
 * @typedef {import('./answer-request.js').ReadRequest} ReadRequest
 * @typedef {import('./body-limit.js').ReadBody} ReadBody
 */

/**
 * The server's own gate, once the operation and the bearer token's form are known and before the media type,
 * parameters and body are checked: a token it did not issue, a fault it was told to inject (perhaps for one path id
 * only). `pathParams` are the path's values as sent (decoded, not yet checked); a refusal it returns is the answer.
 * @typedef {(operation: ContractOperation, headers: Record<string, string[] | undefined>,
 *   pathParams: Record<string, string>) => Refusal | undefined | Promise<Refusal | undefined>} Gate
 */

/**
 * A request as a transport hands it to the pipeline: what every transport can say of it before its body is read.
 * @typedef {object} PipelineRequest
 * @property {string} method
 * @property {string} target the path and query as sent
 * @property {Record<string, string[] | undefined>} headers every header, lower-case names, every value; a body is
 *   announced as HTTP/1.1 announces it (`content-length` above 0, or `transfer-encoding`), which the checks read
 */

/**
 * An answer as the pipeline hands it to the transport to send.
 * @typedef {object} SentAnswer
 * @property {number} status
 * @property {Record<string, string>} headers the answer's own (a body passed on as it came names its type here)
 * @property {string | Uint8Array | undefined} body undefined: no body
 * @property {string | undefined} contentType the type the body is sent as, whatever `headers` say; undefined for a
 *   body passed on as it came, and for none
 * @property {Record<string, string> | undefined} added headers the policy adds to every answer (a proxy's count of
 *   violations), over the answer's own
 * @property {boolean} closeConnection a body was left unread: the connection cannot carry another request
 */

/**
 * How one request meets the outside: its body read, its answer sent. node:http's (`node-listener.js`: limits,
 * `100 Continue`, closing in stages) and Fetch's (`fetch-handler.js`) are the two.
 * @typedef {object} Transport
 * @property {() => ReadBody | Promise<ReadBody>} readBody the body whole, within the limit, asked for once every check
 *   before it passed (and not at all for a request refused before): a client that waits for `100 Continue` is sent
 *   it here. Synchronous for a request that announces no body
 * @property {(answer: SentAnswer) => void} send sends the answer; called once, or not at all when the client went away
 * @property {() => void} abandon the client went away before its request was whole: nothing is sent
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
 * @property {(exchange: Exchange) => void} publish tells every listener of an exchange, once it is answered
 * @property {{ maxBodyBytes: number }} limits
 */

/**
 * @typedef {object} RequestPipeline
 * @property {(request: PipelineRequest, transport: Transport, exchange: Exchange, target?: ParsedTarget |
 *   InvalidTarget) => Promise<void>} handle runs a request through the stages, `exchange` begun as it arrived
 *   (`startExchange`), `target` the request's target when the transport read it already; settled once the exchange is
 *   published. A request without a body to parse, to a synchronous answerer, is answered before it returns
 * @property {(transport: Transport, exchange: Exchange, error: unknown) => void} fail answers a fault of the server
 *   (something thrown that is no refusal) 500, naming the server, and publishes the exchange: for a transport's own
 *   routes, which the stages do not run
 */

/**
 * The one request pipeline of every server of the contract, its stages in the order a request meets them, each a
 * file named for it, over a request any transport can hand it (`PipelineRequest`) and to an answer any transport can
 * send (`SentAnswer`): node:http's server (`node-listener.js`) and a Fetch handler (`fetch-handler.js`) decide alike.
 * Each refusal is the service's error envelope, sent at the first stage that finds one (unless the policy passes the
 * request on, as a validating proxy does):
 *
 * 1. target (`request-target.js`): the target read once (a transport's own routes, the node server's control API,
 *    `/_docs` and CORS preflights, took theirs before);
 * 2. route (`route-request.js`): the operation; 400 for a target that is no path, 404, 405;
 * 3. head check (`check-head.js`): 401 for no bearer token of the right form;
 * 4. the server's gate (its own, e.g. the emulator's `request-gate.js`): a token it did not issue, an injected fault;
 *    then the head check's 415 for a media type the operation does not take;
 * 5. body (the transport's `readBody`): read within the limit (400, the rest unread, past it);
 * 6. body check (`check-body.js`): the parameters' and the body's violations in one 400;
 * 7. answer (`answer-request.js`): the server's answerer, or the upstream's answer (`forward-request.js`); a
 *    refusal it throws is answered in the error envelope;
 * 8. answer check (`check-answer.js`): the answer against the operation's documented responses; the policy may
 *    replace one that breaks the contract (strict);
 * 9. send (the transport's `send`): the answer; a refusal that left a body unread says so (`closeConnection`);
 * 10. publish (`publish-exchange.js`): the exchange, begun as the request arrived, to every listener (the journal, the
 *    violation reports).
 * @param {PipelineSettings} settings
 * @returns {RequestPipeline}
 */
export function createRequestPipeline(settings) {
  const { contract, name, answer, gate, policy, publish, limits } = settings;

  /**
   * The stages, in order. A stage whose work is synchronous is not awaited: a request without a body to parse, to a
   * synchronous answerer, is answered in the turn of the event loop it arrived in. Anything thrown on the way but a
   * refusal is a fault of the server, answered 500.
   * @type {RequestPipeline['handle']}
   */
  async function handle(request, transport, exchange, parsed) {
    try {
      // 1. target
      const target = parsed ?? parseRequestTarget(request.target);
      const { method, headers } = request;
      // 2. route
      const route = routeRequest(contract, method, target);
      const { operation } = route;
      exchange.operation = operation;
      if (route.refusal && refused(request, transport, exchange, route.refusal)) return;
      // 3. head check
      const head = checkHead(contract, route, headers);
      if (head.credentials && refused(request, transport, exchange, head.credentials)) return;
      // 4. the server's gate
      const gating = gate && operation ? gate(operation, headers, route.pathParams) : undefined;
      const closed = gating instanceof Promise ? await gating : gating;
      if (closed && refused(request, transport, exchange, closed)) return;
      if (head.mediaType && refused(request, transport, exchange, head.mediaType)) return;
      // 5. body
      const reading = transport.readBody();
      const body = reading instanceof Promise ? await reading : reading;
      if (body === 'abandoned') {
        transport.abandon();
        exchange.notes = ['the client went away before its request was whole'];
        finish(exchange, 0, undefined);
        return;
      }
      if (body === 'too-large') {
        refuse(request, transport, exchange, tooLarge(contract, operation, limits.maxBodyBytes));
        return;
      }
      exchange.requestBody = body;
      // 6. body check
      const checking = checkBody(contract, route, head, headers, body);
      const checked = checking instanceof Promise ? await checking : checking;
      if (checked.refusal && refused(request, transport, exchange, checked.refusal)) return;
      // 7. answer
      const sentTarget = request.target;
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
      send(transport, exchange, answered, false);
    } catch (error) {
      fail(transport, exchange, error);
    }
  }

  /** @type {RequestPipeline['fail']} */
  function fail(transport, exchange, error) {
    const message = `${name} error: ${error instanceof Error ? error.message : String(error)}`;
    const text = JSON.stringify({ code: contract.errorCode(500), message });
    const sent = { status: 500, headers: {}, body: text, contentType: 'application/json', closeConnection: false };
    transport.send({ ...sent, added: undefined });
    const reset = { answerViolations: [], undocumented: false, headers: {}, notes: [], replayed: undefined };
    Object.assign(exchange, { answeredStatus: 500, ...reset });
    finish(exchange, 500, text);
  }

  /**
   * A request that broke the contract at a stage: refused when the policy says so (the refusal sent and the exchange
   * published), else its violations kept for the journal and the request goes on.
   * @param {PipelineRequest} request
   * @param {Transport} transport
   * @param {Exchange} exchange
   * @param {Refusal} refusal
   * @returns {boolean} whether it was refused
   */
  function refused(request, transport, exchange, refusal) {
    if (policy.refuses(refusal)) {
      refuse(request, transport, exchange, refusal);
      return true;
    }
    exchange.requestViolations = [...exchange.requestViolations, ...violationsOf(refusal)];
    return false;
  }

  /**
   * Sends a refusal; a body not read whole when it came is left unread, and the transport is told so.
   * @param {PipelineRequest} request
   * @param {Transport} transport
   * @param {Exchange} exchange
   * @param {Refusal} refusal
   */
  function refuse(request, transport, exchange, refusal) {
    exchange.requestViolations = violationsOf(refusal);
    const unread = exchange.requestBody === undefined && hasBodyHeaders(request.headers);
    send(transport, exchange, refusal, unread);
  }

  /**
   * The answer check, send and publish stages. The answer is checked against the operation's documented responses
   * (every answer of an operation: the server's, an upstream's, the pipeline's own refusals), save the server's own
   * in place of a failed upstream's, which says nothing of whether the upstream keeps the contract: that is reported
   * as the upstream's failure, never as a violation.
   * @param {Transport} transport
   * @param {Exchange} exchange
   * @param {Answer} answered
   * @param {boolean} closeConnection a body was left unread
   */
  function send(transport, exchange, answered, closeConnection) {
    const { status, headers = {}, body, text, raw, notes = [], upstreamFailure, replayed } = answered;
    const { operation } = exchange;
    const made = raw ?? text ?? (body === undefined ? undefined : JSON.stringify(body));
    const madeText = raw ? (text ?? UTF8.decode(raw)) : /** @type {string | undefined} */ (made);
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
    const contentType = passedOn || sent === undefined ? undefined : 'application/json';
    transport.send({
      status: replaced?.status ?? status,
      headers: sentHeaders,
      body: sent,
      contentType,
      added,
      closeConnection,
    });
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

  return { handle, fail };
}

/** Bodies passed on as they came are judged and journaled as text, as Node's Buffer reads UTF-8 (a BOM kept). */
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The violations a refusal names (its envelope's `details`).
 * @param {Refusal} refusal
 * @returns {Exchange['requestViolations']}
 */
function violationsOf(refusal) {
  const details = refusal.body.details;
  return Array.isArray(details) ? details : [];
}
