// The contract model made from one document: every method a reader of the contract calls (match, check a request,
// validate an answer, refuse, list named examples), each backed by the model's modules beside this one.
import { listExampleParts } from './example-parts.js';
import { buildExampleRequest } from './example-request.js';
import { listNamedExamples } from './named-examples.js';
import { createOperationMatcher } from './operation-matcher.js';
import { describeServer, findTokenOperation, listOperations, listWebhooks } from './operations.js';
import { REASON_PHRASES } from './reason-phrases.js';
import { createRequestValidator } from './request-validator.js';
import { dereference } from './resolve-ref.js';
import {
  describeResponseProblems,
  findDocumentedResponse,
  undocumentedStatus,
  validateErrorAnswer,
  validateResponse,
} from './response-validator.js';
import { createSchemaValidator } from './schema-validator.js';
import { createWebhookPayloadCheck } from './webhook-payload-check.js';

/**
 * @typedef {import('./operations.js').ContractOperation} ContractOperation
 * @typedef {import('./operations.js').ContractServer} ContractServer
 * @typedef {import('./operations.js').ContractResponse} ContractResponse
 * @typedef {import('./operation-matcher.js').OperationMatch} OperationMatch
 * @typedef {import('./request-violation.js').Violation} Violation
 * @typedef {import('./request-validator.js').RequestVerdict} RequestVerdict
 * @typedef {import('./request-validator.js').RequestHead} RequestHead
 * @typedef {import('./request-body-check.js').BodyChecked} BodyChecked
 * @typedef {import('./request-target.js').ParsedTarget} ParsedTarget
 * @typedef {import('./request-target.js').InvalidTarget} InvalidTarget
 * @typedef {import('./response-validator.js').Answer} Answer
 * @typedef {import('./response-validator.js').ResponseVerdict} ResponseVerdict
 * @typedef {import('./named-examples.js').NamedExample} NamedExample
 * @typedef {import('./example-request.js').ExampleRequest} ExampleRequest
 * @typedef {import('./example-parts.js').ExamplePart} ExamplePart
 * @typedef {import('./webhook-payload-check.js').WebhookVerdict} WebhookVerdict
 * @typedef {import('./request-body-check.js').UploadedPart} UploadedPart
 */

/**
 * The service's error body (section 7 of the interface document): `code`, `message` and, from this repository's
 * servers, `details` listing each violation (its shape is ours: the document does not show one).
 * @typedef {object} ErrorEnvelope
 * @property {string} code
 * @property {string} message
 * @property {unknown} [details]
 */

/**
 * A refusal ready to send: status, envelope and headers (`Allow` for a 405).
 * @typedef {object} Refusal
 * @property {number} status
 * @property {ErrorEnvelope} body
 * @property {Record<string, string>} headers
 */

/** @typedef {ReturnType<typeof createContract>} Contract */

/**
 * @typedef {object} ContractOptions
 * @property {import('./schema-validator.js').PrecompiledValidators} [validators] the validators compiled at build from
 *   this document, by the pointer of their schema (`@payments-connect/contract/bundled`'s for the bundled description):
 *   no schema is then compiled as it runs. Without them (or for a schema they lack) Node compiles each schema as it is
 *   first used; a browser, which may not compile code, refuses it
 */

/**
 * Reads an OpenAPI 3.1 document into the contract model.
 * @param {any} document a bundled OpenAPI 3.1 document (local `$ref`s only)
 * @param {ContractOptions} [options]
 */
export function createContract(document, { validators } = {}) {
  const operations = listOperations(document);
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const { validateAt } = createSchemaValidator(document, validators);
  const requests = createRequestValidator(document, validateAt);
  const match = createOperationMatcher(operations);

  /**
   * The `code` the contract gives a status: that of the operation's documented example for it, else of any
   * operation's, else the status text in upper snake case (codes are status-flavoured and feature-agnostic).
   * @param {number} status
   * @param {ContractOperation} [operation]
   */
  function errorCode(status, operation) {
    for (const candidate of operation ? [operation, ...operations] : operations) {
      const response = candidate.responses.find((r) => r.status === String(status));
      const media = response?.response.content?.['application/json'];
      for (const example of Object.values(media?.examples ?? {})) {
        const value = dereference(document, example).node?.value;
        if (value && typeof value.code === 'string') return /** @type {string} */ (value.code);
      }
    }
    return (REASON_PHRASES[status] ?? 'ERROR').toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  }

  /**
   * The envelope that refuses a request, its message naming every violation.
   * @param {number} status
   * @param {Violation[]} violations
   * @param {ContractOperation} [operation]
   * @returns {Refusal}
   */
  function refusal(status, violations, operation) {
    return {
      status,
      // RFC 6750: a refusal for want of a bearer token says which scheme would do.
      headers: status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
      body: {
        code: errorCode(status, operation),
        message: violations.map((v) => v.message).join('; ') || (REASON_PHRASES[status] ?? 'Error'),
        details: violations.map(({ location, name, rule, message, expected }) => ({
          location,
          name,
          rule,
          message,
          expected,
        })),
      },
    };
  }

  /** @type {Map<ContractOperation, NamedExample[]>} the named examples of each operation the model itself looked up */
  const listed = new Map();
  /**
   * The named examples of an operation, listed once for the model's own look-ups (the emulator's seed asks for many of
   * one operation's at start); `namedExamples` hands out a list of the caller's own.
   * @param {ContractOperation} operation
   */
  function listedExamples(operation) {
    let examples = listed.get(operation);
    if (!examples) {
      examples = listNamedExamples(document, operation);
      listed.set(operation, examples);
    }
    return examples;
  }

  const webhooks = listWebhooks(document);
  const contract = {
    /** The document itself. */
    document,
    /** Every operation under `paths`, inherited settings applied. */
    operations,
    /** The webhooks the service sends. */
    webhooks,
    /**
     * Judges a webhook payload a server is about to POST against the webhook of its kind (its name in the spec,
     * `v1.rfi.case.*`), as an answer body is judged (`webhook-payload-check.js`).
     */
    checkWebhookPayload: createWebhookPayloadCheck(webhooks, validateAt),
    /** The token exchange (the one operation with `security: []`), if the document has exactly one. */
    tokenOperation: findTokenOperation(operations),
    /** The document's servers, each with its environment. */
    servers: /** @type {ContractServer[]} */ ((document.servers ?? []).map(describeServer)),
    /** @param {string} operationId */
    operation: (operationId) => byId.get(operationId),
    /**
     * Matches a method and a request target, raw or already parsed (see `request-target.js` for the rule).
     * @type {(method: string, target: string | ParsedTarget | InvalidTarget) => OperationMatch}
     */
    match,
    /** @param {unknown} node @param {string} [pointer] */
    dereference: (node, pointer) => dereference(document, node, pointer),
    validateAt,
    /**
     * Checks bearer, parameters and media type of a request, before its body is read.
     * @type {(operation: ContractOperation, head: RequestHead) => RequestVerdict}
     */
    checkRequestHead: requests.checkHead,
    /** Checks a request's body (JSON schema, depth, multipart parts). */
    checkRequestBody: requests.checkBody,
    errorCode,
    refusal,
    /**
     * The refusal for a request that matched no operation: 400 for a target that is no path, 404 for no
     * operation there, 405 (with `Allow`) for a method the path lacks. Undefined for a match.
     * @param {OperationMatch} result
     * @returns {Refusal | undefined}
     */
    refusalForMatch(result) {
      if (result.kind === 'matched') return undefined;
      if (result.kind === 'invalid-target') {
        return refusal(400, [
          { location: 'path', name: '', rule: 'target', message: result.reason, expected: 'a path' },
        ]);
      }
      if (result.kind === 'not-found') {
        const message = `no operation at ${result.path}`;
        return refusal(404, [{ location: 'path', name: '', rule: 'not-found', message, expected: undefined }]);
      }
      const allowed = result.allowed.join(', ');
      const message = `method not allowed on ${result.template} (allowed: ${allowed})`;
      const violations = [
        { location: /** @type {const} */ ('path'), name: '', rule: 'method', message, expected: allowed },
      ];
      return { ...refusal(405, violations, result.operations[0]), headers: { Allow: allowed } };
    },
    /**
     * The documented response a status falls under: the exact code, else its range (`4XX`), else `default`.
     * @type {(operation: ContractOperation, status: number) => ContractResponse | undefined}
     */
    findDocumentedResponse,
    /**
     * Checks an answer of a known operation.
     * @param {ContractOperation} operation
     * @param {Answer} answer
     * @returns {ResponseVerdict}
     */
    validateResponse: (operation, answer) => validateResponse(document, validateAt, operation, answer),
    /**
     * Checks an answer to a request given as sent: its operation is matched first; a 405 is judged against the
     * 405 the path's operations document; a 404 to a path of no operation, or a 400 to a target that is no path,
     * must be the error envelope.
     * @param {{ method: string, target: string } & Answer} exchange
     * @returns {ResponseVerdict & { operation: ContractOperation | undefined }}
     */
    validateExchange(exchange) {
      const result = match(exchange.method, exchange.target);
      const operation =
        result.kind === 'matched'
          ? result.operation
          : result.kind === 'method-not-allowed' && exchange.status === 405
            ? result.operations[0]
            : undefined;
      const refusedAsUnmatched =
        (result.kind === 'not-found' && exchange.status === 404) ||
        (result.kind === 'invalid-target' && exchange.status === 400);
      if (!operation && refusedAsUnmatched) return { operation, ...validateErrorAnswer(validateAt, exchange) };
      if (!operation) {
        const message = `no operation of the contract answers ${exchange.method} ${exchange.target}`;
        return {
          operation,
          response: undefined,
          body: undefined,
          problems: [undocumentedStatus(exchange.status, message, undefined)],
        };
      }
      return { operation, ...validateResponse(document, validateAt, operation, exchange) };
    },
    /**
     * The problems of a verdict as lines a person can act on.
     * @type {(verdict: ResponseVerdict) => string[]}
     */
    describeResponseProblems,
    /**
     * The named examples of an operation, paired by name (see `named-examples.js`).
     * @param {ContractOperation} operation
     * @returns {NamedExample[]}
     */
    namedExamples: (operation) => listNamedExamples(document, operation),
    /**
     * The value of an operation's named response example, a copy: a record or an answer as the spec shows it (the
     * spec's lint holds every example to its schema), for a seed or a test that needs a valid one.
     * @param {string} operationId
     * @param {string} name
     * @returns {any}
     * @throws {Error} naming the operation and the example when the spec has no such response example
     */
    responseExample(operationId, name) {
      const operation = byId.get(operationId);
      const named = operation && listedExamples(operation).find((example) => example.name === name);
      const value = named?.response?.example?.value;
      if (value === undefined) throw new Error(`the spec has no response example ${name} of ${operationId}`);
      return structuredClone(value);
    },
    /**
     * The request a named example of the operation describes, ready to send (the bearer token aside).
     * @param {ContractOperation} operation
     * @param {string} name
     * @returns {ExampleRequest}
     * @throws {Error} when the operation has no example of that name, or it does not pair completely
     */
    exampleRequest(operation, name) {
      const named = listedExamples(operation).find((example) => example.name === name);
      if (!named) throw new Error(`${operation.operationId} has no named example ${name}`);
      return buildExampleRequest(document, operation, named);
    },
    /**
     * The parts of a `multipart/form-data` request example, as the contract model sends them (see
     * `example-parts.js`): a file part with the file name and type its `x-file-parts` entry names.
     * @param {any} media the resolved Media Type Object the example belongs to
     * @param {any} example the resolved Example Object
     * @returns {ExamplePart[]}
     * @throws {Error} when its value is not an object of parts the model can write
     */
    exampleParts: (media, example) => listExampleParts(document, media, example),
  };
  return contract;
}
