import { hasBodyHeaders, parseRequestTarget } from '../../contract.js';
import { RefusalError } from '../../control/refusal-error.js';
import { checkAnswer } from './check-answer.js';
import { checkBody } from './check-body.js';
import { checkHead } from './check-head.js';
import { readBody, tooLarge } from './read-body.js';
import { routeRequest } from './route-request.js';
import { sendBody, sendJsonText } from './send-answer.js';

/**
 * @typedef {import('../../contract.js').Contract} Contract
 * @typedef {import('../../contract.js').Refusal} Refusal
 * @typedef {import('../../contract.js').ContractOperation} ContractOperation
 * @typedef {import('../../contract.js').RequestValues} RequestValues
 * @typedef {import('../limits.js').Limits} Limits
 * @typedef {import('./pipeline-policy.js').PipelinePolicy} PipelinePolicy
 * @typedef {import('./publish-exchange.js').Exchange} Exchange
 */

/**
 * A request that kept the contract, as a server's answerer is given it.
 * @typedef {object} AcceptedRequest
 * @property {'accepted'} kind
 * @property {ContractOperation} operation
 * @property {RequestValues} values what the request carries, typed by the contract
 * @property {string} path the normalised request path
 * @property {URLSearchParams} query every query parameter, documented or not
 * @property {Record<string, string[] | undefined>} headers every header, lower-case names, every value
 * @property {Uint8Array} body the body as it came (empty for none)
 * @property {string} method
 * @property {string} target the path and query as sent
 */

/**
 * A request that broke the contract and that a lenient policy passes on all the same (a validating proxy's).
 * @typedef {object} PassedOnRequest
 * @property {'passed-on'} kind
 * @property {ContractOperation | undefined} operation the operation, when it matched one
 * @property {Record<string, string[] | undefined>} headers every header, lower-case names, every value
 * @property {Uint8Array} body the body as it came (empty for none)
 * @property {string} method
 * @property {string} target the path and query as sent
 */

/** @typedef {AcceptedRequest | PassedOnRequest} ReadRequest a request read whole, as the answer stage is given it */

/**
 * @typedef {object} Answer what a request is answered with
 * @property {number} status
 * @property {Record<string, string>} [headers]
 * @property {unknown} [body] a JSON value, serialised by the pipeline; none when undefined
 * @property {string} [text] the JSON text, already serialised (a server that keeps answers made once); with `raw`,
 *   the body as text, decoded from its `Content-Encoding`: what is judged and journaled
 * @property {Uint8Array} [raw] a body to pass on as it is, its type and encoding in `headers` (what an upstream
 *   answered)
 * @property {string[]} [notes] what the journal should say of the exchange beside it (a `Prefer` applied or ignored)
 * @property {string} [upstreamFailure] why this is the server's own answer in its upstream's place (a 502 when the
 *   upstream cannot be reached or broke off, a 504 when it was too slow): no verdict on the upstream, so not checked
 * @property {RecordingPlace} [replayed] the recorded answer this is, when a server replays a recording (the mock's
 *   `replay`): the journal says so
 */

/** @typedef {import('./publish-exchange.js').RecordingPlace} RecordingPlace */

/**
 * @typedef {(request: AcceptedRequest) => Answer | Promise<Answer>} Answerer how a server answers a request that
 *   keeps the contract; it throws a `RefusalError` to refuse one
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
 * 7. answer: the server's answerer, or the upstream's answer (`forward-request.js`);
 * 8. answer check (`check-answer.js`): the answer against the operation's documented responses; the policy may
 *    replace one that breaks the contract (strict);
 * 9. send (`send-answer.js`): the answer with its length; a refusal that left a body unread closes in stages;
 * 10. publish (`publish-exchange.js`): the exchange, to every listener (the journal, the violation reports).
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
      /** @type {Answer} */
      let answered;
      try {
        const answering = answer(read);
        answered = answering instanceof Promise ? await answering : answering;
      } catch (error) {
        if (!(error instanceof RefusalError)) throw error;
        answered = error.toRefusal(contract, operation);
      }
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

  return (request, response) => {
    /** @type {Exchange} */
    const exchange = {
      request,
      arrived: performance.now(),
      time: isoNow(),
      durationMs: 0,
      operation: undefined,
      requestBody: undefined,
      requestViolations: [],
      answeredStatus: 0,
      answerViolations: [],
      undocumented: false,
      upstreamFailure: undefined,
      replayed: undefined,
      status: 0,
      headers: {},
      answerText: undefined,
      notes: [],
    };
    handle(request, response, exchange);
  };
}

/** The last time {@link isoNow} wrote, and the millisecond it wrote it for. */
let lastIso = { ms: 0, text: '' };

/**
 * Now, as an ISO 8601 time (to the millisecond, as `toISOString` writes it): written once a millisecond, however many
 * requests arrive in it. Every request is timed, and writing the time each time showed in the proxy's profile.
 */
function isoNow() {
  const ms = Date.now();
  if (ms !== lastIso.ms) lastIso = { ms, text: new Date(ms).toISOString() };
  return lastIso.text;
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
