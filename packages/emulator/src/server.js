import {
  answerCrossOrigin,
  continueIfExpected,
  parseRequestTarget,
  sendJson,
  sendJsonText,
  sendRefusal,
} from '@payments-connect/openapi/model';
import { ApiError, notFound } from './api-error.js';
import { CONTROL_PREFIX, MAX_REQUEST_BODY_BYTES } from './defaults.js';
import { memoOfFrozen } from './frozen-value.js';

/**
 * @typedef {import('@payments-connect/openapi/model').Contract} Contract
 * @typedef {import('@payments-connect/openapi/model').ContractOperation} ContractOperation
 * @typedef {import('@payments-connect/openapi/model').Refusal} Refusal
 */

/**
 * @typedef {object} Violation an answer of the emulator that broke the contract
 * @property {string | undefined} operationId
 * @property {string} method
 * @property {string} path
 * @property {number} status
 * @property {string[]} errors
 */

/**
 * @typedef {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>}
 *   ControlListener
 */

/**
 * @typedef {object} ServerDeps
 * @property {Contract} contract
 * @property {Record<string, import('./operations/context.js').OperationHandler>} handlers
 * @property {import('./fault-injector.js').FaultInjector} faults
 * @property {Omit<import('./operations/context.js').OperationContext,
 *   'params' | 'query' | 'accountId' | 'account' | 'body' | 'parts'>} services
 * @property {ControlListener} control the control API, on its own path
 * @property {boolean} strict answer 500 instead of a response that violates the spec
 * @property {(violation: Violation) => void} onViolation
 * @property {(entry: { operationId: string, status: number }) => void} onUndocumented
 */

/**
 * The request pipeline: the control API on its own path; for the contract, the model judges the request (routing,
 * bearer form, media type, parameters, body) with the emulator's own gate in between (a token it issued and that
 * has not expired, then an injected fault); then the account, the operation's handler, and a contract check of the
 * answer.
 * @param {ServerDeps} deps
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void}
 */
export function createRequestListener(deps) {
  const { contract, handlers, faults, services, strict } = deps;
  const { store, tokens, events, now, config } = services;

  /**
   * Sends an answer of an operation, checked against the contract first.
   * @param {import('node:http').ServerResponse} res
   * @param {ContractOperation} operation
   * @param {{ status: number, body?: unknown, headers?: Record<string, string> }} answer
   * @param {boolean} [closeConnection]
   */
  function send(res, operation, { status, body, headers = {} }, closeConnection = false) {
    const bodyText = body === undefined ? '' : memoOfFrozen(body, 'json', () => JSON.stringify(body));
    const check = () => {
      const sentHeaders = body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' };
      // The answer is checked as the value it was serialised from: plain data from the store and the handlers.
      return contract.validateResponse(operation, { status, headers: sentHeaders, bodyText, value: body });
    };
    // A frozen record sent with no headers of its own gets the same verdict every time.
    const verdict =
      Object.keys(headers).length === 0 ? memoOfFrozen(body, `${operation.operationId} ${status}`, check) : check();
    const problems = verdict.problems.length === 0 ? verdict.problems : reportable(operation, status, verdict);
    if (problems.length > 0) {
      const errors = problems.map((p) => p.message);
      deps.onViolation({
        operationId: operation.operationId,
        method: operation.method,
        path: operation.path,
        status,
        errors,
      });
      if (strict) {
        const message =
          `The emulator's answer broke the contract (${operation.operationId} ${errors.join('; ')}): an emulator bug ` +
          'or a spec change. Run without strict mode to see the answer.';
        sendJson(res, 500, { code: contract.errorCode(500), message, details: errors });
        return;
      }
    }
    if (closeConnection) sendRefusal(res, { status, headers, body: /** @type {any} */ (body) }, { closeConnection });
    else sendJsonText(res, status, body === undefined ? undefined : bodyText, headers);
  }

  /**
   * The problems of an answer that are violations. The document gives some operations no error status at all
   * ("only 200 is documented"), yet every operation needs a token: their error answers are reported as
   * undocumented, and held to the envelope all the same.
   * @param {ContractOperation} operation
   * @param {number} status
   * @param {import('@payments-connect/openapi/model').ResponseVerdict} verdict
   */
  function reportable(operation, status, verdict) {
    const documentsErrors = operation.responses.some((r) => /^[45]/.test(r.status));
    const tolerated = verdict.problems.filter(
      (p) => p.kind === 'undocumented-status' && !documentsErrors && status >= 400,
    );
    if (tolerated.length > 0) deps.onUndocumented({ operationId: operation.operationId, status });
    return verdict.problems.filter((p) => !tolerated.includes(p));
  }

  /**
   * The emulator's gate, between the bearer token's form and the request's parameters: the token it issued, then
   * an injected fault (a fault answers only callers the service would have answered).
   * @param {ContractOperation} operation
   * @param {Record<string, string[] | undefined>} headers
   * @returns {Refusal | undefined}
   */
  function screen(operation, headers) {
    try {
      if (operation.requiresBearer) {
        const token = String(headers.authorization?.[0])
          .replace(/^Bearer +/i, '')
          .trim();
        tokens.verify(token);
      }
    } catch (error) {
      if (error instanceof ApiError) return error.toRefusal(contract, operation);
      throw error;
    }
    const fault = faults.take(operation.operationId);
    return fault && { status: fault.status, headers: fault.headers, body: /** @type {any} */ (fault.body) };
  }

  return (req, res) => {
    /** @type {ContractOperation | undefined} */
    let operation;
    handle().catch((error) => {
      const apiError =
        error instanceof ApiError
          ? error
          : new ApiError(500, `Emulator error: ${error instanceof Error ? error.message : String(error)}`);
      if (operation) send(res, operation, apiError.toRefusal(contract, operation));
      else sendRefusal(res, apiError.toRefusal(contract));
    });

    async function handle() {
      const target = parseRequestTarget(req.url ?? '/');
      if (target.valid && target.segments[0] === CONTROL_PREFIX.slice(1)) return deps.control(req, res);
      if (answerCrossOrigin(contract, req, res)) return;
      const result = await contract.readIncomingRequest(req, {
        maxBodyBytes: MAX_REQUEST_BODY_BYTES,
        target,
        screen,
        beforeBody: () => continueIfExpected(req, res),
      });
      if (result.kind === 'abandoned') {
        res.destroy();
        return;
      }
      if (result.kind === 'refused') {
        if (result.operation) send(res, result.operation, result.refusal, result.closeConnection);
        else sendRefusal(res, result.refusal, { closeConnection: result.closeConnection });
        return;
      }
      operation = result.operation;
      const { values } = result;
      const accountId = typeof values.header.AccountId === 'string' ? values.header.AccountId.trim() : undefined;
      const account = accountId === undefined ? undefined : store.account(accountId);
      if (accountId !== undefined && !account) throw notFound(`account ${accountId}`);
      const handler = handlers[operation.operationId];
      if (!handler) throw new ApiError(500, `the emulator has no handler for ${operation.operationId}`);
      // Every member named, not spread from `services`: a spread builds a slow object on every request.
      const answering = handler({
        store,
        tokens,
        events,
        now,
        config,
        params: /** @type {Record<string, string>} */ (values.path),
        query: values.query,
        body: values.body,
        parts: values.parts,
        accountId: accountId ?? '',
        account,
      });
      // Awaited only when it is a promise: a synchronous handler costs no turn of the event loop.
      send(res, operation, answering instanceof Promise ? await answering : answering);
    }
  };
}
