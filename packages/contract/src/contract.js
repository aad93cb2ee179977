// @payments-connect/contract: the one reader of the contract. Every package that needs the spec at run time
// (the mock, the emulator, the conformance suite, the docs build, the client's constants, the release gate)
// loads, resolves, matches and validates through it, so that none of them can disagree with another. A package face:
// it only names what the model's modules (`model/`) export; `model/create-contract.js` makes the model of a document.
export { closestFirst, didYouMean, meantName } from './model/closest-first.js';
export { createContract } from './model/create-contract.js';
export { loadDocumentFile } from './model/document-file.js';
export { FILE_PARTS_EXTENSION } from './model/example-parts.js';
export { jsonDepth, MAX_JSON_DEPTH } from './model/json-depth.js';
export { childPointer, formatPointer, parsePointer } from './model/json-pointer.js';
export { bundledDocumentPath, loadBundledDocument, loadContract } from './model/load-contract.js';
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
export { compileJsonSchema } from './model/schema-validator.js';

/**
 * @typedef {import('./model/operations.js').ContractOperation} ContractOperation
 * @typedef {import('./model/operations.js').ContractServer} ContractServer
 * @typedef {import('./model/operations.js').ContractResponse} ContractResponse
 * @typedef {import('./model/operations.js').ContractParameter} ContractParameter
 * @typedef {import('./model/operations.js').ContractWebhook} ContractWebhook
 * @typedef {import('./model/operation-matcher.js').OperationMatch} OperationMatch
 * @typedef {import('./model/request-violation.js').Violation} Violation
 * @typedef {import('./model/request-validator.js').RequestVerdict} RequestVerdict
 * @typedef {import('./model/request-body-check.js').UploadedPart} UploadedPart
 * @typedef {import('./model/request-body-check.js').BodyChecked} BodyChecked
 * @typedef {import('./model/request-validator.js').RequestValues} RequestValues
 * @typedef {import('./model/request-validator.js').RequestHead} RequestHead
 * @typedef {import('./model/request-target.js').ParsedTarget} ParsedTarget
 * @typedef {import('./model/request-target.js').InvalidTarget} InvalidTarget
 * @typedef {import('./model/resolve-ref.js').Resolved} Resolved
 * @typedef {import('./model/schema-validator.js').ValidateAt} ValidateAt
 * @typedef {import('./model/response-validator.js').Answer} Answer
 * @typedef {import('./model/response-validator.js').ResponseVerdict} ResponseVerdict
 * @typedef {import('./model/response-validator.js').ResponseViolation} ResponseViolation
 * @typedef {import('./model/named-examples.js').NamedExample} NamedExample
 * @typedef {import('./model/example-request.js').ExampleRequest} ExampleRequest
 * @typedef {import('./model/example-parts.js').ExamplePart} ExamplePart
 * @typedef {import('./model/webhook-payload-check.js').WebhookVerdict} WebhookVerdict
 * @typedef {import('./model/create-contract.js').Contract} Contract
 * @typedef {import('./model/create-contract.js').ErrorEnvelope} ErrorEnvelope
 * @typedef {import('./model/create-contract.js').Refusal} Refusal
 */
