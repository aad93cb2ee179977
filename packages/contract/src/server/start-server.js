// @payments-connect/contract/server: the one request pipeline every server of the contract runs on (the mock, the
// emulator). A server supplies how it answers; listening, limits, reading, checking, refusing and sending are here.
import { createServer } from 'node:http';
import { inProcessControl } from '../control/in-process-control.js';
import { SERVER_CONTROL_ROUTES } from '../control/server-control-routes.js';
import { bindControlRoutes } from './control-routes.js';
import { DEFAULT_HOST } from './default-addresses.js';
import { DOCS_PATH } from './docs-page.js';
import { CONNECTIONS_CHECK_INTERVAL_MS, DEFAULT_LIMITS } from './limits.js';
import { listen } from './listen.js';
import { RefusalError } from './refusal-error.js';
import { createRequestJournal, journalFilterOf } from './request-journal.js';
import { createRequestPipeline } from './request-pipeline.js';
import { answerClientErrors } from './send-answer.js';

export { closestFirst, meantName } from '../closest-first.js';
export { ControlCallError, controlCaller } from '../control/control-client.js';
export { describeFetchFailure } from '../control/fetch-failure.js';
export { HEALTH_PATH } from '../control/server-control-routes.js';
export {
  dataError,
  EXIT_FAILURE,
  EXIT_USAGE,
  integerFlag,
  meantFlag,
  readFlags,
  readServerCommandLine,
  runFailure,
  SERVER_FLAGS,
  serverFlagsUsage,
  serverOptionsOf,
  usageError,
  writeEnvFile,
} from './command-line.js';
export { bindControlRoutes } from './control-routes.js';
export { COMMAND_PORTS, DEFAULT_HOST } from './default-addresses.js';
export { DOCS_PATH, installedDocsPage, PREFERENCES_HONOURED_HEADER } from './docs-page.js';
export { execCommand } from './exec-command.js';
export { isHttpUrl } from './http-url.js';
export { DEFAULT_LIMITS, LIMITS_TABLE } from './limits.js';
export { RefusalError } from './refusal-error.js';
export { DEFAULT_JOURNAL_SIZE, JOURNAL_BODY_BYTES } from './request-journal.js';
export { sendJson, sendJsonText, sendRefusal } from './send-answer.js';
export { serveInForeground } from './serve-in-foreground.js';

/**
 * @typedef {import('./request-pipeline.js').Answer} Answer
 * @typedef {import('./request-pipeline.js').Answerer} Answerer
 * @typedef {import('./read-request.js').AcceptedRequest} AcceptedRequest
 * @typedef {import('./control-routes.js').ControlApi} ControlApi
 * @typedef {import('./control-routes.js').ControlRoute} ControlRoute
 * @typedef {import('./control-routes.js').ControlRequest} ControlRequest
 * @typedef {import('./control-routes.js').ControlAnswer} ControlAnswer
 * @typedef {import('./control-routes.js').ControlHandler} ControlHandler
 * @typedef {import('./limits.js').Limits} Limits
 */

/**
 * @typedef {object} JournalEntry one request a server received, as the pipeline judged and answered it
 * @property {number} id its place in the order of arrival, from 1
 * @property {string} time when it arrived (ISO 8601)
 * @property {string} method
 * @property {string} target the path and query as sent
 * @property {string | null} operationId the operation it matched, null for none
 * @property {string | null} accountId its `AccountId` header, null for none
 * @property {number} status the answer's status; 0 when the client went away before it was answered
 * @property {Array<{ location: string, name: string, rule: string, message: string, expected?: string }>}
 *   requestViolations how the request broke the contract (those of its refusal); empty when it kept it
 * @property {Array<{ location: 'status' | 'header' | 'body', name: string, rule: string, message: string,
 *   expected?: string }>} answerViolations how the answer broke the contract, in the shape of `requestViolations`:
 *   the status, header or place in the body (`questions/0/questionId`), the rule, a sentence; empty when it kept it,
 *   and when the server made no answer to check (an `upstreamFailure`)
 * @property {number} durationMs from its arrival to its answer, in ms
 * @property {string | null} requestBody the body as text, at most 64 KiB; null when none was read
 * @property {string | null} answerBody likewise for the answer
 * @property {boolean} truncated a body was longer than 64 KiB, and was cut
 * @property {string[]} notes what else the server says of it (a `Prefer` it applied or ignored)
 * @property {string} [upstreamFailure] a proxy's only: why it answered in the upstream's place (502: the upstream
 *   could not be reached or broke off; 504: it took too long). Such an answer is the proxy's own: no violation, but no
 *   verdict on the upstream either
 */

/**
 * @typedef {object} JournalFilter which entries to list; every criterion given must hold
 * @property {string} [operationId]
 * @property {number} [status]
 * @property {string} [accountId]
 * @property {string} [tenantId] a server with tenants (the emulator's): the requests of that tenant, as the server
 *   tells them apart (`requestsOfTenant`); a server without tenants refuses it
 * @property {string} [since] an ISO 8601 time: entries that arrived at it or later
 */

/**
 * @typedef {object} JournalOptions
 * @property {number} [size] how many entries are kept, the oldest dropped first (default 10,000)
 * @property {string} [file] a file each entry is appended to as one JSON line as it happens (a CI artifact)
 */

/**
 * @typedef {object} AnswerViolation an answer of a server that broke the contract
 * @property {string | undefined} operationId
 * @property {string} method
 * @property {string} path the operation's path template
 * @property {number} status
 * @property {string[]} errors one line each, naming the place (`body/questions/0 must have required property
 *   'questionId'`)
 * @property {JournalEntry['answerViolations']} violations where and how, as the journal has them
 */

/**
 * @typedef {object} UpstreamFailure an exchange a proxy answered itself, its upstream having failed to
 * @property {string | null} operationId the operation of the request, null for none
 * @property {string} method
 * @property {string} target the path and query as sent
 * @property {number} status 502 (the upstream could not be reached or broke off) or 504 (it took too long)
 * @property {string} message what happened (`the upstream http://127.0.0.1:9 cannot be reached: ECONNREFUSED`)
 */

/**
 * @typedef {object} ServerSummary every exchange since start, whatever the journal dropped or forgot
 * @property {number} exchanges
 * @property {number} violations of the contract, by requests and answers together
 * @property {number} upstreamFailures exchanges a proxy answered itself because its upstream failed (no violations)
 * @property {Record<string, { exchanges: number, violations: number }>} byOperation by operationId
 *   (`(no operation)` for a request that matched none)
 * @property {ViolationCause[]} causes the kinds of violation seen, by operation in the order first seen: at most 10 an
 *   operation (its `violations` in `byOperation` count the rest too)
 */

/**
 * @typedef {object} ViolationCause one kind of violation: one place broken by one rule, on one side of an operation
 * @property {string} operationId as in `byOperation`
 * @property {'request' | 'answer'} side
 * @property {string} location where, as the violation says (`body`, `header`, `query`, `status`)
 * @property {string} name the place (`questions/0/questionId`, `Content-Type`, `418`)
 * @property {string} rule
 * @property {string} message the sentence of its first occurrence
 * @property {number} count how many violations of this kind since start
 */

/**
 * @typedef {object} Timeouts how long slow clients may take
 * @property {number} [headersMs] to send the request head
 * @property {number} [requestMs] to send the whole request
 * @property {number} [keepAliveMs] an idle keep-alive connection stays open
 */

/**
 * @typedef {object} ServerOptions
 * @property {import('../contract.js').Contract} contract what requests and answers are judged by
 * @property {string} name the server, in its messages (`mock`, `emulator`)
 * @property {Answerer} [answer] how the server answers a request that keeps the contract; required unless it forwards
 * @property {string} [upstream] forward every request to this server instead (a validating proxy): a request that
 *   breaks the contract is passed on all the same (unless `strict`), each answer says how many violations the
 *   exchange had (`X-Contract-Violations`), and an upstream that cannot be reached is answered 502 (504 when too
 *   slow): an upstream failure, journaled (`upstreamFailure`) and counted apart from the violations
 * @property {import('./request-pipeline.js').PipelineSettings['screen']} [screen] the server's own gate, once the
 *   operation and the bearer token's form are known (a token it did not issue, a fault it was told to inject)
 * @property {ControlApi} [control] the server's control routes, under their prefix; those every server has
 *   (`SERVER_CONTROL_ROUTES`: the journal's `GET` and `DELETE <prefix>/requests`, the readiness route
 *   `GET <prefix>/health`) are added to them
 * @property {JournalOptions} [journal] how many requests the journal keeps, and a file it appends them to
 * @property {string} [docsPage] an HTML file served at `/_docs` (GET and HEAD; `/_docs/` redirects there), never
 *   journaled: the rendered reference of `@payments-connect/docs`, whose Try it console then sends to this server
 * @property {readonly string[]} [preferences] the `Prefer` preferences the server's answers honour (the mock's `code`,
 *   `example`, `dynamic`, `seed`; none by default), named by its `/_docs` page in `Preferences-Honoured`: the page's
 *   console offers a `Prefer` field only on a server that honours it
 * @property {number} [port] 0 (the default) picks a free one
 * @property {string} [host] default 127.0.0.1
 * @property {Timeouts} [timeouts] default those of {@link DEFAULT_LIMITS}
 * @property {boolean} [strict] an answer that breaks the contract is replaced by a 500 naming the violations (502 for
 *   an upstream's answer); a proxy also refuses a request that breaks it, unsent
 * @property {(violation: AnswerViolation) => void} [onViolation]
 * @property {(failure: UpstreamFailure) => void} [onUpstreamFailure] with `upstream`: each exchange the upstream
 *   failed, as it happens
 * @property {(entry: { operationId: string, status: number }) => void} [onUndocumented]
 * @property {(tenantId: string) => (entry: JournalEntry) => boolean} [requestsOfTenant] a server with tenants: which
 *   entries of its journal are a tenant's (the emulator's: by their account, a token request by its credentials), for
 *   the journal's `tenantId` filter; it throws a `RefusalError` for a tenant the server does not have
 */

/**
 * @typedef {object} RunningServer
 * @property {string} url base URL, no trailing slash (`http://127.0.0.1:4010`)
 * @property {number} port
 * @property {string} host
 * @property {string | undefined} docsUrl where it serves the rendered reference (`http://127.0.0.1:4010/_docs`);
 *   undefined when it was given no `docsPage`
 * @property {(filter?: JournalFilter) => JournalEntry[]} requests the requests it received, oldest first (see
 *   `request-journal.js`)
 * @property {() => void} clearRequests forgets them
 * @property {() => ServerSummary} summary every exchange since start: how many, their violations by operation and
 *   kind, and a proxy's upstream failures
 * @property {ServerControl} control the control routes every server has (`SERVER_CONTROL_ROUTES`), called in this
 *   process: `health()`, `requests(filter?)`, `clearRequests()`, as the server's remote client has them
 * @property {() => Promise<void>} stop stops listening, closes every connection and flushes the journal's file;
 *   calling it twice is fine
 */

/**
 * Serves a contract on a port: the request pipeline on a node:http server with the limits of
 * {@link DEFAULT_LIMITS} (timeouts as given), parser refusals answered in the error envelope, and a client that
 * waits for `100 Continue` answered only once its request passed every check before the body.
 * @param {ServerOptions} options
 * @returns {Promise<RunningServer>}
 * @throws {TypeError} for a timeout that is no positive integer
 * @throws {Error} saying what to do when the port is taken or the host is not there
 */
export async function startServer(options) {
  const { contract, port = 0, host = DEFAULT_HOST, timeouts = {} } = options;
  for (const [name, value] of Object.entries(timeouts)) {
    if (value !== undefined && (!Number.isInteger(value) || value < 1))
      throw new TypeError(`timeouts.${name} must be a positive integer, got ${value}`);
  }
  /** @type {Limits} */
  const limits = {
    ...DEFAULT_LIMITS,
    headersTimeoutMs: timeouts.headersMs ?? DEFAULT_LIMITS.headersTimeoutMs,
    requestTimeoutMs: timeouts.requestMs ?? DEFAULT_LIMITS.requestTimeoutMs,
    keepAliveTimeoutMs: timeouts.keepAliveMs ?? DEFAULT_LIMITS.keepAliveTimeoutMs,
  };
  const journal = createRequestJournal(options.journal);
  /** @param {JournalFilter} [filter] */
  const requests = (filter = {}) => {
    const entries = journal.entries(filter);
    if (filter.tenantId === undefined) return entries;
    if (!options.requestsOfTenant) throw new RefusalError(400, `tenantId: the ${options.name} has no tenants`);
    return entries.filter(options.requestsOfTenant(filter.tenantId));
  };
  const serverHandlers = serverControlHandlers(journal, options.name, requests);
  const control = options.control && {
    prefix: options.control.prefix,
    routes: [...options.control.routes, ...bindControlRoutes(SERVER_CONTROL_ROUTES, serverHandlers)],
  };
  let bound = { url: '', port: 0 };
  const pipeline = createRequestPipeline({
    ...options,
    control,
    limits,
    journal,
    address: () => ({ port: bound.port, host }),
  });
  const server = createServer(
    {
      keepAlive: true,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: CONNECTIONS_CHECK_INTERVAL_MS,
    },
    pipeline,
  );
  server.maxHeadersCount = limits.maxHeadersCount;
  server.on('clientError', answerClientErrors(contract));
  server.on('checkContinue', (request, response) => server.emit('request', request, response));
  bound = await listen(server, port, host);
  /** @type {Promise<void> | undefined} */
  let stopping;
  return {
    url: bound.url,
    port: bound.port,
    host,
    docsUrl: options.docsPage === undefined ? undefined : `${bound.url}${DOCS_PATH}`,
    requests,
    clearRequests: () => journal.clear(),
    summary: () => journal.summary(),
    control: inProcessControl(SERVER_CONTROL_ROUTES, serverHandlers),
    stop() {
      stopping ??= new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
        pipeline.close();
      }).then(() => journal.close());
      return stopping;
    },
  };
}

/**
 * The handlers of the control routes every server has ({@link SERVER_CONTROL_ROUTES}): the readiness route answers
 * `{ status: 'ok', server }`; the journal's list the requests received (filtered by `operationId`, `status`,
 * `accountId`, `tenantId`, `since`) and forget them. Requests to the control routes are not journaled.
 * @param {import('./request-journal.js').RequestJournal} journal
 * @param {string} name the server (`mock`, `emulator`)
 * @param {(filter?: JournalFilter) => JournalEntry[]} requests the journal's entries that pass a filter
 */
function serverControlHandlers(journal, name, requests) {
  return {
    health: () => ({ status: 200, body: { status: 'ok', server: name } }),
    requests: (/** @type {ControlRequest} */ { query }) => ({
      status: 200,
      body: { items: requests(journalFilterOf(query)), dropped: journal.dropped, size: journal.size },
    }),
    clearRequests: () => {
      journal.clear();
      return { status: 204 };
    },
  };
}

/**
 * The control routes every server has, called in its process.
 * @typedef {import('../control/in-process-control.js').InProcessControl<typeof SERVER_CONTROL_ROUTES,
 *   ReturnType<typeof serverControlHandlers>>} ServerControl
 */
