// Starts a server of the contract: the request pipeline (`request-pipeline.js`) on a node:http server (its transport,
// `node-listener.js`), with the limits, the journal, the policy and the answer its options ask for. The pipeline's
// stages are the server; this wires them.
import { createServer } from 'node:http';
import { bindControlRoutes } from '../control/bind-control-routes.js';
import { inProcessControl } from '../control/in-process-control.js';
import { RefusalError } from '../control/refusal-error.js';
import { SERVER_CONTROL_ROUTES } from '../control/server-control-routes.js';
import { DEFAULT_HOST } from './default-addresses.js';
import { DOCS_PATH } from './docs-page.js';
import { reportExchanges } from './exchange-reports.js';
import { journalExchanges } from './journal/journal-exchanges.js';
import { journalFilterOf } from './journal/journal-filter.js';
import { createRequestJournal } from './journal/request-journal.js';
import { CONNECTIONS_CHECK_INTERVAL_MS, DEFAULT_LIMITS } from './limits.js';
import { listen } from './listen.js';
import { createNodeListener } from './node-listener.js';
import { proxyPolicy, servingPolicy } from './pipeline/pipeline-policy.js';
import { createExchangePublisher } from './pipeline/publish-exchange.js';
import { createRequestPipeline } from './pipeline/request-pipeline.js';
import { answerClientErrors } from './pipeline/send-answer.js';
import { createServerRoutes } from './server-routes.js';

/**
 * @typedef {import('../control/bind-control-routes.js').ControlApi} ControlApi
 * @typedef {import('../control/bind-control-routes.js').ControlRequest} ControlRequest
 * @typedef {import('./exchange-reports.js').AnswerViolation} AnswerViolation
 * @typedef {import('./exchange-reports.js').UpstreamFailure} UpstreamFailure
 * @typedef {import('./limits.js').Limits} Limits
 * @typedef {import('./pipeline/publish-exchange.js').ExchangeListener} ExchangeListener
 * @typedef {import('./journal/request-journal.js').JournalEntry} JournalEntry
 * @typedef {import('./journal/journal-filter.js').JournalFilter} JournalFilter
 * @typedef {import('./journal/request-journal.js').JournalOptions} JournalOptions
 * @typedef {import('./journal/request-journal.js').RequestJournal} RequestJournal
 * @typedef {import('./journal/server-summary.js').ServerSummary} ServerSummary
 * @typedef {import('./pipeline/answer-request.js').Answerer} Answerer
 * @typedef {import('./pipeline/request-pipeline.js').Gate} Gate
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
 * @property {Gate} [gate] the server's own gate, once the operation and the bearer token's form are known (a token
 *   it did not issue, a fault it was told to inject); not with `upstream`
 * @property {ControlApi} [control] the server's control routes, under their prefix; those every server has
 *   (`SERVER_CONTROL_ROUTES`: the journal's `GET` and `DELETE <prefix>/requests`, the readiness route
 *   `GET <prefix>/health`) are added to them
 * @property {JournalOptions | RequestJournal} [journal] how many requests the journal keeps, and a file it appends
 *   them to; or a journal `createRequestJournal` made, for a server that forgets some entries itself (the emulator: a
 *   deleted tenant's requests)
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
 * @property {(violation: AnswerViolation) => void} [onViolation] each answer that broke the contract, as it happens
 * @property {(failure: UpstreamFailure) => void} [onUpstreamFailure] with `upstream`: each exchange the upstream
 *   failed, as it happens
 * @property {(entry: { operationId: string, status: number }) => void} [onUndocumented] each error answer of an
 *   operation that documents no error status (reported, not a violation)
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
 * @property {(listener: ExchangeListener) => () => void} subscribe calls `listener` with each exchange once it is
 *   answered (`publish-exchange.js`), as the journal is told of it; answers a function that unsubscribes
 * @property {() => Promise<void>} stop stops listening, closes every connection and flushes the journal's file;
 *   calling it twice is fine
 */

/**
 * Serves a contract on a port: the request pipeline on a node:http server with the limits of
 * {@link DEFAULT_LIMITS} (timeouts as given), parser refusals answered in the error envelope, and a client that
 * waits for `100 Continue` answered only once its request passed every check before the body.
 * @param {ServerOptions} options
 * @returns {Promise<RunningServer>}
 * @throws {TypeError} for a timeout that is no positive integer, for no answer and no upstream, and for an answer or a
 *   gate beside an upstream
 * @throws {Error} saying what to do when the port is taken or the host is not there
 */
export async function startServer(options) {
  const { contract, name, port = 0, host = DEFAULT_HOST, timeouts = {}, upstream, strict = false } = options;
  for (const [key, value] of Object.entries(timeouts)) {
    if (value !== undefined && (!Number.isInteger(value) || value < 1))
      throw new TypeError(`timeouts.${key} must be a positive integer, got ${value}`);
  }
  const answerer = options.answer;
  const { gate } = options;
  if (!answerer && !upstream) throw new TypeError(`the ${name} needs an answer function or an upstream to forward to`);
  if (upstream && (answerer || gate))
    throw new TypeError(`the ${name} forwards to ${upstream}: it takes no ${answerer ? 'answer' : 'gate'} of its own`);
  /** @type {Limits} */
  const limits = {
    ...DEFAULT_LIMITS,
    headersTimeoutMs: timeouts.headersMs ?? DEFAULT_LIMITS.headersTimeoutMs,
    requestTimeoutMs: timeouts.requestMs ?? DEFAULT_LIMITS.requestTimeoutMs,
    keepAliveTimeoutMs: timeouts.keepAliveMs ?? DEFAULT_LIMITS.keepAliveTimeoutMs,
  };
  const journal =
    options.journal !== undefined && 'record' in options.journal
      ? options.journal
      : createRequestJournal(/** @type {JournalOptions | undefined} */ (options.journal));
  /** @param {JournalFilter} [filter] */
  const requests = (filter = {}) => {
    const entries = journal.entries(filter);
    if (filter.tenantId === undefined) return entries;
    if (!options.requestsOfTenant) throw new RefusalError(400, `tenantId: the ${name} has no tenants`);
    return entries.filter(options.requestsOfTenant(filter.tenantId));
  };
  const serverHandlers = serverControlHandlers(journal, name, requests);
  const exchanges = createExchangePublisher();
  exchanges.subscribe(journalExchanges(journal, contract.tokenOperation));
  const reports = reportExchanges(options);
  if (reports) exchanges.subscribe(reports);
  // Loaded by a proxy only: a server that answers itself starts without the forwarder and its decoders.
  const forwarding = upstream
    ? (await import('./forward-request.js')).forwardTo(contract, upstream, { timeoutMs: limits.upstreamTimeoutMs })
    : undefined;
  let bound = { url: '', port: 0 };
  const pipeline = createRequestPipeline({
    contract,
    name,
    answer:
      forwarding?.answer ??
      ((request) => {
        // A server's answerer is given only requests that kept the contract: its policy refuses the others.
        if (request.kind !== 'accepted') throw new Error(`a request that broke the contract reached the ${name}`);
        return /** @type {Answerer} */ (answerer)(request);
      }),
    gate,
    policy: upstream ? proxyPolicy(contract, { upstream, strict }) : servingPolicy(contract, { name, strict }),
    publish: exchanges.publish,
    limits,
  });
  const listener = createNodeListener({
    pipeline,
    serverRoutes: createServerRoutes({
      contract,
      control: options.control && {
        prefix: options.control.prefix,
        routes: [...options.control.routes, ...bindControlRoutes(SERVER_CONTROL_ROUTES, serverHandlers)],
      },
      docsPage: options.docsPage,
      preferences: options.preferences,
      maxControlBodyBytes: limits.maxControlBodyBytes,
      address: () => ({ port: bound.port, host }),
    }),
    limits,
  });
  const server = createServer(
    {
      keepAlive: true,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: CONNECTIONS_CHECK_INTERVAL_MS,
    },
    listener,
  );
  server.maxHeadersCount = limits.maxHeadersCount;
  server.on('clientError', answerClientErrors(contract));
  server.on('checkContinue', (request, response) => server.emit('request', request, response));
  try {
    bound = await listen(server, port, host);
  } catch (error) {
    forwarding?.close();
    throw error;
  }
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
    subscribe: exchanges.subscribe,
    stop() {
      stopping ??= new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
        forwarding?.close();
      }).then(() => journal.close());
      return stopping;
    },
  };
}

/**
 * The handlers of the control routes every server has ({@link SERVER_CONTROL_ROUTES}): the readiness route answers
 * `{ status: 'ok', server }`; the journal's list the requests received (filtered by `operationId`, `status`,
 * `accountId`, `tenantId`, `since`) and forget them. Requests to the control routes are not journaled.
 * @param {import('./journal/request-journal.js').RequestJournal} journal
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
