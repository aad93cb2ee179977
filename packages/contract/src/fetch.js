// @payments-connect/contract/fetch: the contract model and its request pipeline where there is no node:http server
// (MSW's handlers, a service worker, a browser page): the model made from a document with the validators compiled at
// build, the pipeline as a Fetch handler, the journal and the policies. A package face: it only names what
// `fetch/` exports and the browser-safe modules of `model/` and `server/` it is made of; nothing it loads imports a
// module of Node's (`test/package-faces.test.js` walks its imports as a browser bundler resolves them).
export { RefusalError } from './control/refusal-error.js';
export { createFetchHandler } from './fetch/fetch-handler.js';
export { closestFirst, didYouMean, meantName } from './model/closest-first.js';
export { createContract } from './model/create-contract.js';
export { FILE_PARTS_EXTENSION } from './model/example-parts.js';
export { jsonDepth, MAX_JSON_DEPTH } from './model/json-depth.js';
export { childPointer, formatPointer, parsePointer } from './model/json-pointer.js';
export { parseMediaType } from './model/media-type.js';
export { openEnumValues } from './model/open-enum.js';
export { createOperationMatcher } from './model/operation-matcher.js';
export { HTTP_METHODS, listOperations, listWebhooks } from './model/operations.js';
export { bodyVerdictWithoutParsing } from './model/request-body-check.js';
export { parseRequestTarget } from './model/request-target.js';
export { hasBodyHeaders } from './model/request-validator.js';
export { dereference, resolveRef } from './model/resolve-ref.js';
export { ERROR_ENVELOPE_POINTER } from './model/response-validator.js';
export { bodyIssueViolation } from './model/schema-issues.js';
export { journalExchanges } from './server/journal/journal-exchanges.js';
export { JOURNAL_BODY_BYTES } from './server/journal/journaled-body.js';
export { createRequestJournal, DEFAULT_JOURNAL_SIZE } from './server/journal/request-journal.js';
export { DEFAULT_LIMITS, LIMITS_TABLE } from './server/limits.js';
export { checkAnswer } from './server/pipeline/check-answer.js';
export { proxyPolicy, servingPolicy } from './server/pipeline/pipeline-policy.js';
export { createExchangePublisher } from './server/pipeline/publish-exchange.js';

/**
 * @typedef {import('./fetch/fetch-handler.js').FetchHandlerOptions} FetchHandlerOptions
 * @typedef {import('./model/create-contract.js').Contract} Contract
 * @typedef {import('./model/create-contract.js').ContractOptions} ContractOptions
 * @typedef {import('./model/create-contract.js').ErrorEnvelope} ErrorEnvelope
 * @typedef {import('./model/create-contract.js').Refusal} Refusal
 * @typedef {import('./model/operations.js').ContractOperation} ContractOperation
 * @typedef {import('./model/operations.js').ContractResponse} ContractResponse
 * @typedef {import('./model/operations.js').ContractParameter} ContractParameter
 * @typedef {import('./model/operations.js').ContractWebhook} ContractWebhook
 * @typedef {import('./model/request-validator.js').RequestValues} RequestValues
 * @typedef {import('./model/request-violation.js').Violation} Violation
 * @typedef {import('./model/response-validator.js').ResponseViolation} ResponseViolation
 * @typedef {import('./model/named-examples.js').NamedExample} NamedExample
 * @typedef {import('./model/schema-validator.js').PrecompiledValidators} PrecompiledValidators
 * @typedef {import('./model/schema-validator.js').SchemaCheck} SchemaCheck
 * @typedef {import('./server/journal/request-journal.js').JournalEntry} JournalEntry
 * @typedef {import('./server/journal/journal-filter.js').JournalFilter} JournalFilter
 * @typedef {import('./server/journal/request-journal.js').JournalOptions} JournalOptions
 * @typedef {import('./server/journal/request-journal.js').RequestJournal} RequestJournal
 * @typedef {import('./server/journal/server-summary.js').ServerSummary} ServerSummary
 * @typedef {import('./server/limits.js').Limits} Limits
 * @typedef {import('./server/pipeline/answer-request.js').AcceptedRequest} AcceptedRequest
 * @typedef {import('./server/pipeline/answer-request.js').Answer} Answer
 * @typedef {import('./server/pipeline/answer-request.js').Answerer} Answerer
 * @typedef {import('./server/pipeline/check-answer.js').AnswerVerdict} AnswerVerdict
 * @typedef {import('./server/pipeline/pipeline-policy.js').PipelinePolicy} PipelinePolicy
 * @typedef {import('./server/pipeline/publish-exchange.js').Exchange} Exchange
 * @typedef {import('./server/pipeline/publish-exchange.js').ExchangeListener} ExchangeListener
 * @typedef {import('./server/pipeline/publish-exchange.js').ExchangeRequest} ExchangeRequest
 * @typedef {import('./server/pipeline/request-pipeline.js').Gate} Gate
 */
