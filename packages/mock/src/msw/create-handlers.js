import {
  createFetchHandler,
  createRequestJournal,
  DEFAULT_JOURNAL_SIZE,
  journalExchanges,
} from '@payments-connect/contract/fetch';
import { http } from 'msw';
import { createConfiguredAnswers } from '../configured-answers.js';
import { createMockAnswerer } from '../mock-answerer.js';
import { bundledContract } from './bundled-contract.js';
import { overriddenOperation, overrideAnswerer } from './override-answer.js';

/**
 * @typedef {import('@payments-connect/contract').Contract} Contract
 * @typedef {import('@payments-connect/contract/server').Answerer} Answerer
 * @typedef {import('@payments-connect/contract/server').JournalEntry} JournalEntry
 * @typedef {import('@payments-connect/contract/server').JournalFilter} JournalFilter
 * @typedef {import('../configured-answers.js').MockAnswers} MockAnswers
 * @typedef {import('../configured-answers.js').ConfiguredAnswer} ConfiguredAnswer
 * @typedef {import('./operation-types.js').OperationId} OperationId
 * @typedef {import('./operation-types.js').Overrides} Overrides
 * @typedef {import('msw').HttpHandler} HttpHandler
 */

/**
 * @typedef {object} HandlersOptions
 * @property {string | URL} baseUrl where your code sends its requests: the server's root, without `/v1`, as the
 *   client's `baseUrl` (`https://api.payments-connect.test`). Requests elsewhere are left to MSW (`onUnhandledRequest`)
 * @property {MockAnswers} [answers] an answer per operationId in the `Prefer` syntax
 *   (`{ getRfiCase: 'example=closedCase' }`), for requests that state no preference of their own, as `startMock`'s
 * @property {Overrides} [overrides] an answer of your own per operationId, typed from the generated types and held to
 *   the contract when it is served
 * @property {{ size?: number }} [journal] how many requests the journal keeps (default 10,000, the oldest go first)
 */

/**
 * @typedef {object} PaymentsConnectHandlers
 * @property {string} baseUrl the base URL the handlers answer under, no trailing slash
 * @property {HttpHandler[]} handlers the MSW request handlers: `setupServer(...mock.handlers)` in Node,
 *   `setupWorker(...mock.handlers)` in a browser
 * @property {<Id extends OperationId>(operationId: Id, override: NoInfer<import('./operation-types.js').Override<Id>>)
 *   => HttpHandler} override a handler that answers one operation your way, for `server.use()` (`worker.use()`): until
 *   `resetHandlers()`, its requests get your answer, held to the contract; the others the mock's
 * @property {(filter?: JournalFilter) => JournalEntry[]} requests what the handlers received, oldest first, each as the
 *   contract judged it (the server journal's entries: filter by `operationId`, `status`, `accountId`, `since`)
 * @property {() => void} clearRequests forgets them
 * @property {(operationId: string, answer: string) => ConfiguredAnswer} setAnswer answers an operation so
 *   (`'code=409, example=rfiNotOpen'`) when its request states no preference of its own; says what it answers with
 * @property {(operationId?: string) => void} clearAnswers forgets the answer of one operation, or of all
 * @property {() => MockAnswers} answers the answers configured, by operationId
 */

/**
 * MSW request handlers that answer the Payments Connect API as `payments-connect-mock` answers it: the same contract
 * model and request pipeline (every refusal in the error envelope), the same answers (the named examples, `Prefer`,
 * the answers configured per operation, a request that is a named example, the ids of the request path), the token
 * exchange; and a journal of what they received, in the server journal's shape. Requests to another origin, or outside
 * `baseUrl`'s path, are not theirs: MSW's `onUnhandledRequest` decides.
 * @param {HandlersOptions} options
 * @returns {PaymentsConnectHandlers}
 * @throws {TypeError} for no `baseUrl`, or one that is no absolute http(s) URL; an `AnswerError` for an answer an
 *   operation does not document; an `OverrideError` for an override of an operation the contract lacks
 */
export function createHandlers(options) {
  const { baseUrl, answers = {}, overrides = {}, journal: journalOptions = {} } = options ?? {};
  const base = checkedBaseUrl(baseUrl);
  const contract = bundledContract();
  const configured = createConfiguredAnswers(contract, { dynamic: false });
  configured.setAll(answers);
  const mockAnswer = createMockAnswerer(contract, { dynamic: false }, configured);
  const journal = createRequestJournal({ size: journalOptions.size ?? DEFAULT_JOURNAL_SIZE });
  const pattern = `${base.href.replace(/\/$/, '')}/*`;

  /**
   * A handler that runs the requests of its operations (all of them: undefined) through the pipeline with an answerer.
   * @param {Answerer} answer
   * @param {string} [operationId] the one operation it answers; the others it leaves to the next handler
   * @returns {HttpHandler}
   */
  function pipelineHandler(answer, operationId) {
    const handle = createFetchHandler({
      contract,
      name: 'mock',
      answer,
      publish: journalExchanges(journal, contract.tokenOperation),
    });
    return http.all(pattern, async ({ request }) => {
      const target = targetUnder(base, request.url);
      if (target === undefined) return undefined;
      if (operationId !== undefined) {
        const matched = contract.match(request.method, target);
        if (matched.kind !== 'matched' || matched.operation.operationId !== operationId) return undefined;
      }
      return handle(await atServerRoot(request, target));
    });
  }

  /**
   * @param {string} operationId
   * @param {unknown} override
   */
  function override(operationId, override) {
    const operation = overriddenOperation(contract, operationId, override);
    return pipelineHandler(
      overrideAnswerer(contract, operation, /** @type {any} */ (override), mockAnswer),
      operationId,
    );
  }

  const handlers = [
    ...Object.entries(overrides).map(([operationId, given]) => override(operationId, given)),
    pipelineHandler(mockAnswer),
  ];
  return {
    baseUrl: base.href.replace(/\/$/, ''),
    handlers,
    override: /** @type {PaymentsConnectHandlers['override']} */ (override),
    requests: (filter) => journal.entries(filter),
    clearRequests: () => journal.clear(),
    setAnswer: (operationId, answer) => configured.set(operationId, answer),
    clearAnswers: (operationId) => configured.clear(operationId),
    answers: () => configured.list(),
  };
}

/**
 * @param {unknown} baseUrl
 * @returns {URL}
 * @throws {TypeError} naming what was given and what is wanted
 */
function checkedBaseUrl(baseUrl) {
  const wanted =
    "createHandlers needs baseUrl, the URL your code sends its requests to (the server's root, without /v1, as the " +
    "client's baseUrl): createHandlers({ baseUrl: 'https://api.payments-connect.test' })";
  if (baseUrl === undefined || baseUrl === null || baseUrl === '') throw new TypeError(`${wanted}; got none`);
  let url;
  try {
    url = new URL(String(baseUrl));
  } catch {
    throw new TypeError(`${wanted}; got ${JSON.stringify(String(baseUrl))}, which is no absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`${wanted}; got ${url.href}, which is no http(s) URL`);
  if (url.search !== '' || url.hash !== '')
    throw new TypeError(`${wanted}; got ${url.href}, which has a query or fragment`);
  return url;
}

/**
 * The request as the server at the root of its origin would be sent it: under a base URL with a path of its own
 * (`https://host/api`), the same request at its target below that path, so that the pipeline reads the target the
 * server reads.
 * @param {Request} request
 * @param {string} target
 * @returns {Promise<Request>}
 */
async function atServerRoot(request, target) {
  const url = new URL(target, request.url);
  if (url.pathname === new URL(request.url).pathname) return request;
  const { method, headers, signal } = request;
  return new Request(url, {
    method,
    headers,
    signal,
    body: request.body === null ? null : await request.arrayBuffer(),
  });
}

/**
 * The target a request sends to the server at `base` (the path below the base's, with its query), or undefined for a
 * request that is not under it.
 * @param {URL} base
 * @param {string} requestUrl
 */
function targetUnder(base, requestUrl) {
  const url = new URL(requestUrl);
  if (url.origin !== base.origin) return undefined;
  const prefix = base.pathname.replace(/\/$/, '');
  if (prefix !== '' && url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return undefined;
  return `${url.pathname.slice(prefix.length) || '/'}${url.search}`;
}
