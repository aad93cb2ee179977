import { bodyVerdictWithoutParsing, hasBodyHeaders } from '../contract.js';

/**
 * @typedef {import('../contract.js').Contract} Contract
 * @typedef {import('../contract.js').Refusal} Refusal
 * @typedef {import('../operations.js').ContractOperation} ContractOperation
 * @typedef {import('../request-validator.js').RequestValues} RequestValues
 */

/**
 * @typedef {object} AcceptedRequest
 * @property {'accepted'} kind
 * @property {ContractOperation} operation
 * @property {RequestValues} values what the request carries, typed by the contract
 * @property {string} path the normalised request path
 * @property {URLSearchParams} query every query parameter, documented or not
 * @property {Record<string, string[] | undefined>} headers every header, lower-case names, every value
 * @property {Uint8Array} body the body as it came (empty for none)
 *
 * @typedef {object} RefusedRequest
 * @property {'refused'} kind
 * @property {Refusal} refusal the answer to send
 * @property {boolean} closeConnection true when a body was left unread: the connection cannot carry another request
 * @property {ContractOperation | undefined} operation the operation, when the request matched one
 * @property {Uint8Array} [body] the body, when it was read (a request refused for its body), for the journal
 *
 * @typedef {object} AbandonedRequest
 * @property {'abandoned'} kind the client went away (or the body stream failed) before the request was whole
 *
 * @typedef {object} JudgedRequest a request read whole and judged, refused or not, for a server that forwards it
 * @property {'judged'} kind
 * @property {ContractOperation | undefined} operation the operation, when the request matched one
 * @property {import('../request-validator.js').Violation[]} violations how it breaks the contract; empty when it
 *   keeps it
 * @property {Record<string, string[] | undefined>} headers every header, lower-case names, every value
 * @property {Uint8Array} body the body as it came (empty for none)
 */

/**
 * @typedef {object} IncomingOptions
 * @property {number} maxBodyBytes a larger body is refused unread
 * @property {(operation: ContractOperation, headers: Record<string, string[] | undefined>,
 *   pathParams: Record<string, string>) => Refusal | undefined | Promise<Refusal | undefined>} [screen] called once
 *   the operation is known and the bearer token well formed, before parameters and body are checked: a server's own
 *   gate (a token it does not know, a fault it was told to inject, perhaps for one path id only); `pathParams` are
 *   the path's values as sent (decoded, not yet checked); a refusal it returns is the answer
 * @property {() => void} [beforeBody] called once every check before the body has passed, just before the body is
 *   read: where a server sends `100 Continue` to a client that waits for it (`Expect: 100-continue`)
 * @property {import('../operation-matcher.js').TargetReading} [target] the request's target as the server already
 *   read it with `parseRequestTarget` (read from `request.url` otherwise)
 */

/**
 * Reads a request arriving at a node:http server and judges it by the contract, cheapest checks first: the
 * operation (400 target, 404, 405), then the bearer token (401), the media type (415) and the parameters, all
 * before a byte of the body is read; a body announced or found larger than `maxBodyBytes` is refused (400) without
 * reading the rest; the body is then checked. Every refusal is the service's error envelope.
 * @param {Contract} contract
 * @param {import('node:http').IncomingMessage} request
 * @param {IncomingOptions} options
 * @returns {Promise<AcceptedRequest | RefusedRequest | AbandonedRequest>}
 */
export async function readRequest(contract, request, { maxBodyBytes, screen, beforeBody, target }) {
  const headers = request.headersDistinct;
  const pendingBody = hasBodyHeaders(headers);
  /**
   * @param {Refusal} refusal
   * @param {ContractOperation} [operation]
   * @returns {RefusedRequest}
   */
  const refuse = (refusal, operation) => ({ kind: 'refused', refusal, closeConnection: pendingBody, operation });

  const match = contract.match(request.method ?? 'GET', target ?? request.url ?? '/');
  const unmatched = contract.refusalForMatch(match);
  if (unmatched || match.kind !== 'matched') return refuse(/** @type {Refusal} */ (unmatched));
  const { operation } = match;

  const head = contract.checkRequestHead(operation, { headers, pathParams: match.pathParams, query: match.query });
  if (head.status === 401) return refuse(contract.refusal(head.status, head.violations, operation), operation);
  // Awaited only when it is a promise: a synchronous gate costs no turn of the event loop.
  const gate = screen?.(operation, headers, match.pathParams);
  const screened = gate instanceof Promise ? await gate : gate;
  if (screened) return refuse(screened, operation);
  if (head.status === 415) return refuse(contract.refusal(head.status, head.violations, operation), operation);

  const announced = Number(headers['content-length']?.[0] ?? 0);
  if (announced > maxBodyBytes) return refuse(tooLarge(contract, operation, maxBodyBytes), operation);
  if (pendingBody) beforeBody?.();
  const body = pendingBody ? await readBody(request, maxBodyBytes) : new Uint8Array();
  if (body === 'abandoned') return { kind: 'abandoned' };
  if (body === 'too-large') return refuse(tooLarge(contract, operation, maxBodyBytes), operation);

  // Awaited only when there is a body to parse: a request without one costs no turn of the event loop.
  const checked =
    bodyVerdictWithoutParsing(operation, body) ?? (await contract.checkRequestBody(operation, { headers, body }));
  const violations = [...head.violations, ...checked.violations];
  if (violations.length > 0) {
    const refusal = contract.refusal(400, violations, operation);
    return { kind: 'refused', refusal, closeConnection: false, operation, body };
  }
  return {
    kind: 'accepted',
    operation,
    values: { ...head.values, body: checked.body, parts: checked.parts },
    path: match.path,
    query: match.query,
    headers,
    body,
  };
}

/**
 * Reads a request whole and judges it by the contract as {@link readRequest} does, but refuses only a body over
 * `maxBodyBytes` (which protects the process): every other violation is listed, for a server that passes the request
 * on whatever it holds and records what it broke (a validating proxy). The server's screen is not asked.
 * @param {Contract} contract
 * @param {import('node:http').IncomingMessage} request
 * @param {Omit<IncomingOptions, 'screen'>} options
 * @returns {Promise<JudgedRequest | RefusedRequest | AbandonedRequest>}
 */
export async function judgeRequest(contract, request, { maxBodyBytes, beforeBody, target }) {
  const headers = request.headersDistinct;
  const pendingBody = hasBodyHeaders(headers);
  const match = contract.match(request.method ?? 'GET', target ?? request.url ?? '/');
  const operation = match.kind === 'matched' ? match.operation : undefined;
  /** @type {import('../request-validator.js').Violation[]} */
  const violations = [];
  const unmatched = contract.refusalForMatch(match);
  if (unmatched) violations.push(.../** @type {any} */ (unmatched.body.details));
  const head =
    match.kind === 'matched'
      ? contract.checkRequestHead(match.operation, { headers, pathParams: match.pathParams, query: match.query })
      : undefined;
  if (head) violations.push(...head.violations);

  const refuse = () => ({
    kind: /** @type {const} */ ('refused'),
    refusal: tooLarge(contract, operation, maxBodyBytes),
    closeConnection: true,
    operation,
  });
  if (Number(headers['content-length']?.[0] ?? 0) > maxBodyBytes) return refuse();
  if (pendingBody) beforeBody?.();
  const body = pendingBody ? await readBody(request, maxBodyBytes) : new Uint8Array();
  if (body === 'abandoned') return { kind: 'abandoned' };
  if (body === 'too-large') return refuse();
  if (operation && head?.status !== 415) {
    const checked =
      bodyVerdictWithoutParsing(operation, body) ?? (await contract.checkRequestBody(operation, { headers, body }));
    violations.push(...checked.violations);
  }
  return { kind: 'judged', operation, violations, headers, body };
}

/**
 * @param {Contract} contract
 * @param {ContractOperation | undefined} operation
 * @param {number} maxBodyBytes
 */
function tooLarge(contract, operation, maxBodyBytes) {
  const message = `body is larger than the ${maxBodyBytes} bytes accepted`;
  return contract.refusal(
    400,
    [{ location: 'body', name: '', rule: 'max-size', message, expected: `at most ${maxBodyBytes} bytes` }],
    operation,
  );
}

/**
 * Reads a body, stopping (and leaving the rest unread) once it passes the limit.
 * @param {import('node:http').IncomingMessage} request
 * @param {number} maxBodyBytes
 * @returns {Promise<Uint8Array | 'too-large' | 'abandoned'>}
 */
function readBody(request, maxBodyBytes) {
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    const done = (/** @type {Uint8Array | 'too-large' | 'abandoned'} */ result) => {
      request.off('data', onData).off('end', onEnd).off('error', onAbandoned).off('aborted', onAbandoned);
      if (result === 'too-large') request.pause();
      resolve(result);
    };
    const onData = (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > maxBodyBytes) done('too-large');
      else chunks.push(chunk);
    };
    const onEnd = () => done(Buffer.concat(chunks, size));
    const onAbandoned = () => done('abandoned');
    request.on('data', onData).on('end', onEnd).on('error', onAbandoned).on('aborted', onAbandoned);
  });
}
