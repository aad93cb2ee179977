// @payments-connect/contract/server: the one request pipeline every server of the contract runs on (the mock, the
// emulator), and what a server of it is made of. A package face: it only names what `server/` exports (the pipeline
// and its stages in `server/pipeline/`, the journal in `server/journal/`), and, as before the kit and the control
// routes had faces of their own, some of what `./command-line.js`, `./control.js` and `./contract.js` name. A server
// supplies how it answers; the stages of every request are in `server/pipeline/request-pipeline.js`.
export {
  dataError,
  EXIT_FAILURE,
  EXIT_USAGE,
  execCommand,
  integerFlag,
  meantFlag,
  readFlags,
  readServerCommandLine,
  runFailure,
  SERVER_FLAGS,
  serveInForeground,
  serverCommandUsage,
  serverFlagsUsage,
  serverOptionsOf,
  usageError,
  writeEnvFile,
} from './command-line.js';
export { closestFirst, meantName } from './contract.js';
export {
  bindControlRoutes,
  ControlCallError,
  controlCaller,
  describeFetchFailure,
  HEALTH_PATH,
  RefusalError,
} from './control.js';
export { COMMAND_PORTS, DEFAULT_HOST, DOCS_PATH } from './server/default-addresses.js';
export { installedDocsPage, PREFERENCES_HONOURED_HEADER } from './server/docs-page.js';
export { isHttpUrl } from './server/http-url.js';
export { JOURNAL_BODY_BYTES } from './server/journal/journaled-body.js';
export { createRequestJournal, DEFAULT_JOURNAL_SIZE } from './server/journal/request-journal.js';
export { jsonSyntaxProblem } from './server/json-syntax-error.js';
export { DEFAULT_LIMITS, LIMITS_TABLE } from './server/limits.js';
export { checkAnswer } from './server/pipeline/check-answer.js';
export { sendJson, sendJsonText, sendRefusal } from './server/pipeline/send-answer.js';
export { startServer } from './server/start-server.js';

/**
 * @typedef {import('./server/pipeline/check-answer.js').AnswerVerdict} AnswerVerdict
 * @typedef {import('./control.js').ControlAnswer} ControlAnswer
 * @typedef {import('./control.js').ControlApi} ControlApi
 * @typedef {import('./control.js').ControlHandler} ControlHandler
 * @typedef {import('./control.js').ControlRequest} ControlRequest
 * @typedef {import('./control.js').ControlRoute} ControlRoute
 * @typedef {import('./server/exchange-reports.js').AnswerViolation} AnswerViolation
 * @typedef {import('./server/exchange-reports.js').UpstreamFailure} UpstreamFailure
 * @typedef {import('./server/limits.js').Limits} Limits
 * @typedef {import('./server/pipeline/publish-exchange.js').Exchange} Exchange
 * @typedef {import('./server/pipeline/publish-exchange.js').ExchangeListener} ExchangeListener
 * @typedef {import('./server/journal/request-journal.js').JournalEntry} JournalEntry
 * @typedef {import('./server/journal/journal-filter.js').JournalFilter} JournalFilter
 * @typedef {import('./server/journal/request-journal.js').JournalOptions} JournalOptions
 * @typedef {import('./server/journal/request-journal.js').RequestJournal} RequestJournal
 * @typedef {import('./server/journal/server-summary.js').ServerSummary} ServerSummary
 * @typedef {import('./server/journal/server-summary.js').ViolationCause} ViolationCause
 * @typedef {import('./server/pipeline/answer-request.js').AcceptedRequest} AcceptedRequest
 * @typedef {import('./server/pipeline/answer-request.js').Answer} Answer
 * @typedef {import('./server/pipeline/answer-request.js').Answerer} Answerer
 * @typedef {import('./server/pipeline/request-pipeline.js').Gate} Gate
 * @typedef {import('./server/pipeline/answer-request.js').PassedOnRequest} PassedOnRequest
 * @typedef {import('./server/pipeline/answer-request.js').ReadRequest} ReadRequest
 * @typedef {import('./server/start-server.js').RunningServer} RunningServer
 * @typedef {import('./server/start-server.js').ServerControl} ServerControl
 * @typedef {import('./server/start-server.js').ServerOptions} ServerOptions
 * @typedef {import('./server/start-server.js').Timeouts} Timeouts
 */
