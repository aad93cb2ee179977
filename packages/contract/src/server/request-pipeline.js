import { parseRequestTarget } from '../contract.js';
import { checkAnswer } from './check-answer.js';
import { createControlRoutes } from './control-routes.js';
import { answerCrossOrigin } from './cross-origin.js';
import { createDocsPage, DOCS_PATH } from './docs-page.js';
import { createForwarder } from './forward-request.js';
import { judgeRequest, readRequest } from './read-request.js';
import { RefusalError } from './refusal-error.js';
import { journaledBody, journaledTokenExchange } from './request-journal.js';
import { continueIfExpected, sendBody, sendJsonText } from './send-answer.js';

/**
 * @typedef {import('../contract.js').Contract} Contract
 * @typedef {import('../operations.js').ContractOperation} ContractOperation
 * @typedef {import('./read-request.js').AcceptedRequest} AcceptedRequest
 * @typedef {import('./read-request.js').IncomingOptions['screen']} Screen
 * @typedef {import('./control-routes.js').ControlApi} ControlApi
 * @typedef {import('./limits.js').Limits} Limits
 * @typedef {import('./start-server.js').AnswerViolation} AnswerViolation
 * @typedef {import('./start-server.js').UpstreamFailure} UpstreamFailure
 * @typedef {import('./start-server.js').JournalEntry} JournalEntry
 */

/**
 * @typedef {object} Answer what a server answers a request with
 * @property {number} status
 * @property {Record<string, string>} [headers]
 * @property {unknown} [body] a JSON value, serialised by the pipeline; none when undefined
 * @property {string} [text] the JSON text, already serialised (a server that keeps answers made once); with `raw`,
 *   the body as text, decoded from its `Content-Encoding`: what is judged and journaled
 * @property {Uint8Array} [raw] a body to pass on as it is, its type and encoding in `headers` (what an upstream
 *   answered)
 * @property {string[]} [notes] what the journal should say of the exchange beside it (a `Prefer` applied or ignored)
 */

/**
 * @typedef {(request: AcceptedRequest) => Answer | Promise<Answer>} Answerer how a server answers a request that
 *   keeps the contract; it throws a `RefusalError` to refuse one
 */

/**
 * @typedef {object} PipelineSettings
 * @property {Contract} contract
 * @property {string} name the server, in the message of an answer it failed to make (`mock`, `emulator`)
 * @property {Answerer} [answer] how the server answers; required unless it forwards to an `upstream`
 * @property {string} [upstream] forward every request to this server instead, as a validating proxy: a request that
 *   breaks the contract is still passed on (unless `strict`), and every answer says how many violations the
 *   exchange had (`X-Contract-Violations`)
 * @property {Screen} [screen] the server's own gate, once the operation and the bearer's form are known
 * @property {ControlApi} [control] the server's control routes, under their prefix
 * @property {string} [docsPage] an HTML file (the rendered reference) served at `/_docs`
 * @property {readonly string[]} [preferences] the `Prefer` preferences the server's answers honour, which its
 *   `/_docs` page names (`Preferences-Honoured`) so that the page's console offers a `Prefer` field only there
 * @property {Limits} limits
 * @property {boolean} [strict] an answer that breaks the contract is replaced by a 500 (a proxy's by a 502) that
 *   names the violations; a proxy also refuses a request that breaks it, unsent
 * @property {(violation: AnswerViolation) => void} [onViolation]
 * @property {(failure: UpstreamFailure) => void} [onUpstreamFailure] an exchange the upstream failed (see `send`)
 * @property {(entry: { operationId: string, status: number }) => void} [onUndocumented] an error answer of an
 *   operation that documents no error status (see `check-answer.js`)
 * @property {() => { port: number, host: string }} address where the server listens, for its control routes
 * @property {import('./request-journal.js').RequestJournal} journal where every exchange is recorded
 */

/**
 * The one request pipeline of every server of the contract: a request to the server's control prefix goes to its
 * control routes; one to `/_docs`, to the rendered reference when the server serves it (`docs-page.js`); a CORS
 * preflight is answered; any other request is read and judged by the contract
 * (`read-request.js`: route, bearer, the server's screen, media type, parameters, body within the limits), refused
 * in the error envelope when it breaks it, else answered by the server; the answer is checked against the contract
 * (`check-answer.js`), sent (`send-answer.js`), and the exchange recorded in the journal (`request-journal.js`). A
 * server supplies only how it answers.
 * @param {PipelineSettings} settings
 * @returns {((request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => void) &
 *   { close: () => void }} the request listener, and what closes its pooled connections to an upstream
 */
export function createRequestPipeline(settings) {
  const { contract, name, answer, screen, limits, journal, upstream, strict = false } = settings;
  if (!answer && !upstream) throw new TypeError(`the ${name} needs an answer function or an upstream to forward to`);
  const control = settings.control && {
    segment: settings.control.prefix.slice(1),
    serve: createControlRoutes(contract, settings.control, {
      maxControlBodyBytes: limits.maxControlBodyBytes,
      address: settings.address,
    }),
  };
  if (control && `/${control.segment}` === DOCS_PATH) throw new Error(`the control prefix cannot be ${DOCS_PATH}`);
  const docs =
    settings.docsPage === undefined
      ? undefined
      : createDocsPage(contract, settings.docsPage, { preferences: settings.preferences });
  const forwarder = upstream ? createForwarder(upstream, { timeoutMs: limits.upstreamTimeoutMs }) : undefined;

  /**
   * @typedef {object} Exchange what the journal is told of a request, filled in as the pipeline goes
   * @property {import('node:http').IncomingMessage} request
   * @property {number} arrived `performance.now()` when it arrived
   * @property {string} time the same, as an ISO 8601 time
   * @property {ContractOperation | undefined} [operation]
   * @property {Uint8Array | undefined} [body] the body, when it was read
   * @property {JournalEntry['requestViolations']} [requestViolations]
   * @property {string} [upstreamFailure] why a proxy answered in its upstream's place
   */

  /**
   * Sends an answer, checked against the contract first when it answers an operation, and records the exchange. The
   * 502 or 504 a proxy makes when its upstream fails is not checked: it is no answer of the upstream, so it says
   * nothing of whether the upstream keeps the contract; it is reported as the upstream's failure instead, never as a
   * violation (neither in `X-Contract-Violations` nor in the summary's violations).
   * @param {import('node:http').ServerResponse} response
   * @param {Exchange} exchange
   * @param {Answer} answer
   * @param {boolean} [closeConnection] a body was left unread
   */
  function send(response, exchange, { status, headers = {}, body, text, raw, notes = [] }, closeConnection = false) {
    const { operation } = exchange;
    /** @type {string | Uint8Array | undefined} */
    let sent = raw ?? text ?? (body === undefined ? undefined : JSON.stringify(body));
    const sentText = raw ? (text ?? Buffer.from(raw).toString('utf8')) : /** @type {string | undefined} */ (sent);
    let sentStatus = status;
    let sentHeaders = headers;
    const { upstreamFailure } = exchange;
    const verdict =
      operation && upstreamFailure === undefined
        ? checkAnswer(contract, operation, { status, headers, text: sentText, value: body })
        : undefined;
    const answerViolations = verdict?.violations ?? [];
    if (operation && verdict?.undocumented) settings.onUndocumented?.({ operationId: operation.operationId, status });
    if (upstreamFailure !== undefined) {
      const { method = 'GET', url = '/' } = exchange.request;
      const operationId = operation?.operationId ?? null;
      settings.onUpstreamFailure?.({ operationId, method, target: url, status, message: upstreamFailure });
    }
    if (operation && answerViolations.length > 0) {
      const { operationId, method, path } = operation;
      const errors = answerViolations.map((violation) => violation.message);
      settings.onViolation?.({ operationId, method, path, status, errors, violations: answerViolations });
      if (strict) {
        const refused = upstream ? 502 : 500;
        const whose = upstream ? `upstream ${upstream}` : name;
        const message =
          `The ${whose}'s answer broke the contract (${operationId} ${status}: ${errors.join('; ')}): ` +
          (upstream
            ? 'the answer was not passed on. Run without strict mode to see it.'
            : `a bug of the ${name}, or a spec change. Run without strict mode to see the answer.`);
        sent = JSON.stringify({ code: contract.errorCode(refused), message, details: answerViolations });
        sentStatus = refused;
        sentHeaders = {};
      }
    }
    if (upstream) {
      const count = (exchange.requestViolations?.length ?? 0) + answerViolations.length;
      sentHeaders = { ...sentHeaders, 'X-Contract-Violations': String(count) };
    }
    const passedOn = raw !== undefined && sentStatus === status;
    const jsonType = passedOn || sent === undefined ? undefined : 'application/json';
    sendBody(response, sentStatus, sent, sentHeaders, jsonType, { closeConnection, limits });
    record(
      exchange,
      sentStatus,
      answerViolations,
      passedOn ? sentText : /** @type {string | undefined} */ (sent),
      notes,
    );
  }

  /**
   * @param {Exchange} exchange
   * @param {number} status
   * @param {JournalEntry['answerViolations']} answerViolations
   * @param {string | undefined} answerText
   * @param {string[]} notes
   */
  function record(
    { request, arrived, time, operation, body, requestViolations = [], upstreamFailure },
    status,
    answerViolations,
    answerText,
    notes,
  ) {
    // Only the token exchange carries credentials: every other exchange is kept as it is, with no copy.
    const token =
      operation !== undefined && operation === contract.tokenOperation
        ? journaledTokenExchange({ request: body, answer: answerText, requestViolations, answerViolations })
        : undefined;
    const requestBody = token ? token.requestBody : journaledBody(body, false);
    const answerBody = token ? token.answerBody : journaledBody(answerText, false);
    /** @type {Omit<JournalEntry, 'id'>} */
    const entry = {
      time,
      method: request.method ?? 'GET',
      target: request.url ?? '/',
      operationId: operation?.operationId ?? null,
      accountId: request.headers.accountid === undefined ? null : String(request.headers.accountid),
      status,
      requestViolations: token ? token.requestViolations : requestViolations,
      answerViolations: token ? token.answerViolations : answerViolations,
      durationMs: Math.round((performance.now() - arrived) * 1000) / 1000,
      requestBody: requestBody.text,
      answerBody: answerBody.text,
      truncated: requestBody.truncated || answerBody.truncated,
      notes,
    };
    if (upstreamFailure !== undefined) entry.upstreamFailure = upstreamFailure;
    journal.record(entry);
  }

  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   * @param {Exchange} exchange
   */
  async function handle(request, response, exchange) {
    const target = parseRequestTarget(request.url ?? '/');
    if (control && target.valid && target.segments[0] === control.segment) {
      await control.serve(request, response, target.query);
      return;
    }
    // The page, like the control routes, is no operation of the contract: never judged, never journaled.
    if (docs && target.valid && `/${target.segments[0]}` === DOCS_PATH) {
      await docs(request, response, target);
      return;
    }
    if (request.headers.origin !== undefined && answerCrossOrigin(contract, request, response)) return;
    const reading = {
      maxBodyBytes: limits.maxBodyBytes,
      target,
      beforeBody: () => continueIfExpected(request, response),
    };
    const read =
      upstream && !strict
        ? await judgeRequest(contract, request, reading)
        : await readRequest(contract, request, { ...reading, screen });
    if (read.kind === 'abandoned') {
      response.destroy();
      record(exchange, 0, [], undefined, ['the client went away before its request was whole']);
      return;
    }
    exchange.operation = read.operation;
    exchange.body = read.body;
    if (read.kind === 'refused') {
      const details = read.refusal.body.details;
      exchange.requestViolations = Array.isArray(details) ? details : [];
      send(response, exchange, read.refusal, read.closeConnection);
      return;
    }
    if (read.kind === 'judged') exchange.requestViolations = read.violations;
    let answered;
    try {
      if (forwarder) answered = await forwarder.forward(request, read.body);
      else {
        const answering = /** @type {Answerer} */ (answer)(/** @type {AcceptedRequest} */ (read));
        // Awaited only when it is a promise: a synchronous answer costs no turn of the event loop.
        answered = answering instanceof Promise ? await answering : answering;
      }
    } catch (error) {
      if (!(error instanceof RefusalError)) throw error;
      // A proxy's only refusal here is the forwarder's: the upstream could not be reached, broke off or was too slow.
      if (upstream) exchange.upstreamFailure = error.message;
      answered = error.toRefusal(contract, read.operation);
    }
    send(response, exchange, answered);
  }

  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   */
  const listener = (request, response) => {
    /** @type {Exchange} */
    const exchange = { request, arrived: performance.now(), time: new Date().toISOString() };
    handle(request, response, exchange).catch((error) => {
      const message = `${name} error: ${error instanceof Error ? error.message : String(error)}`;
      const text = JSON.stringify({ code: contract.errorCode(500), message });
      sendJsonText(response, 500, text, {}, { limits });
      record(exchange, 500, [], text, []);
    });
  };
  return Object.assign(listener, { close: () => forwarder?.close() });
}
