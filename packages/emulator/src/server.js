import { ApiError, notFound } from './api-error.js';
import { CONTROL_PREFIX, MAX_REQUEST_BODY_BYTES } from './defaults.js';
import { matchPath } from './spec.js';

/**
 * @typedef {object} Violation
 * @property {string | undefined} operationId
 * @property {string} method
 * @property {string} path
 * @property {number} status
 * @property {string[]} errors
 */

/**
 * @typedef {object} ServerDeps
 * @property {import('./spec.js').SpecPath[]} paths
 * @property {Record<string, import('./operations/context.js').OperationHandler>} handlers
 * @property {ReturnType<typeof import('./request-validator.js').createRequestValidator>} requestValidator
 * @property {ReturnType<typeof import('./response-validator.js').createResponseValidator>} responseValidator
 * @property {import('./fault-injector.js').FaultInjector} faults
 * @property {Omit<import('./operations/context.js').OperationContext, 'params' | 'query' | 'accountId' | 'account' | 'body' | 'parts'>} services
 * @property {(req: import('node:http').IncomingMessage, url: URL, rawBody: Buffer) => Promise<{ status: number, body?: unknown }>} control
 * @property {boolean} strict answer 500 instead of a response that violates the spec
 * @property {(violation: Violation) => void} onViolation
 * @property {(entry: { operationId: string, status: number }) => void} onUndocumented
 */

/**
 * The request pipeline: control API, routing (404/405), faults, bearer (401), request contract
 * (400/415), account (404), the operation's handler, and a contract check of every answer.
 * @param {ServerDeps} deps
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void}
 */
export function createRequestListener(deps) {
  const { paths, handlers, requestValidator, responseValidator, faults, services, strict } = deps;

  /**
   * @param {import('node:http').ServerResponse} res
   * @param {import('./spec.js').SpecOperation | undefined} operation
   * @param {{ method: string, path: string }} request
   * @param {{ status: number, body?: unknown, headers?: Record<string, string> }} answer
   */
  function send(res, operation, request, { status, body, headers = {} }) {
    let text = body === undefined ? '' : JSON.stringify(body);
    let contentType = body === undefined ? undefined : 'application/json';
    const check = responseValidator.validate({ operation, status, contentType, body: text });
    if (check.undocumented && operation) deps.onUndocumented({ operationId: operation.operationId, status });
    if (!check.valid) {
      deps.onViolation({
        operationId: operation?.operationId,
        method: request.method,
        path: request.path,
        status,
        errors: check.errors,
      });
      if (strict) {
        status = 500;
        headers = {};
        contentType = 'application/json';
        text = JSON.stringify({
          code: 'INTERNAL_ERROR',
          message: `The emulator's response broke the contract (${operation?.operationId ?? request.path} ${check.errors.join('; ')}); this is an emulator bug or a spec change. Run without strict mode to see the response.`,
          details: check.errors,
        });
      }
    }
    writeResponse(res, status, text, contentType, headers);
  }

  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator.local');
    const method = (req.method ?? 'GET').toUpperCase();
    const request = { method, path: url.pathname };
    /** @type {import('./spec.js').SpecOperation | undefined} */
    let operation;
    handle().catch((error) => {
      const apiError = error instanceof ApiError ? error : internalError(error);
      send(res, operation, request, {
        status: apiError.status,
        body: apiError.toEnvelope(),
        headers: apiError.headers,
      });
    });

    async function handle() {
      const rawBody = await readRawBody(req);
      if (url.pathname === CONTROL_PREFIX || url.pathname.startsWith(`${CONTROL_PREFIX}/`)) {
        const answer = await deps.control(req, url, rawBody);
        writeResponse(
          res,
          answer.status,
          answer.body === undefined ? '' : JSON.stringify(answer.body),
          answer.body === undefined ? undefined : 'application/json',
          {},
        );
        return;
      }
      const match = matchPath(paths, url.pathname);
      if (!match) throw notFound(`path ${url.pathname}`);
      operation = match.specPath.operations.get(method);
      if (!operation) {
        const allowed = [...match.specPath.operations.keys()].join(', ');
        throw new ApiError(405, `${method} is not allowed on ${match.specPath.path}; allowed: ${allowed}`, {
          headers: { Allow: allowed },
        });
      }
      const fault = faults.take(operation.operationId);
      if (fault) return send(res, operation, request, fault);
      if (operation.requiresBearer) services.tokens.verify(req.headers.authorization);
      const validated = await requestValidator.validate(operation, {
        pathParams: match.params,
        searchParams: url.searchParams,
        headers: req.headers,
        rawBody,
      });
      const account = validated.accountId === undefined ? undefined : services.store.account(validated.accountId);
      if (validated.accountId !== undefined && !account) throw notFound(`account ${validated.accountId}`);
      const handler = /** @type {import('./operations/context.js').OperationHandler} */ (
        handlers[operation.operationId]
      );
      const answer = await handler({ ...services, ...validated, accountId: validated.accountId ?? '', account });
      send(res, operation, request, answer);
    }
  };
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} text
 * @param {string | undefined} contentType
 * @param {Record<string, string>} headers
 */
function writeResponse(res, status, text, contentType, headers) {
  if (res.headersSent) return;
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (contentType) res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** @param {unknown} error */
function internalError(error) {
  // A thrown non-ApiError is an emulator bug; say so rather than hide it behind a generic message.
  return new ApiError(500, `Emulator error: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * Reads the whole body; a body over the limit is drained and refused, so the connection stays usable.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<Buffer>}
 */
function readRawBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_REQUEST_BODY_BYTES)
        reject(new ApiError(400, `request body exceeds ${MAX_REQUEST_BODY_BYTES} bytes`));
      else resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}
