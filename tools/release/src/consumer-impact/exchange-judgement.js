import { operationKey } from '../spec-changes/operation-changes.js';
import { essence, isJsonMediaType } from './component-usage.js';

/** @typedef {import('@payments-connect/contract').Contract} Contract */
/** @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation */
/** @typedef {import('./consumer-recordings.js').ObservedExchange} ObservedExchange */
/** @typedef {import('./consumer-recordings.js').ObservedHeaders} ObservedHeaders */

/**
 * A body as the gate reads it: none was sent, the recording did not keep it whole, or its value (parsed JSON; the
 * fields of a form; the parts of a multipart body by name, a file part's value `''`; else the text).
 * @typedef {{ state: 'none' } | { state: 'unknown' } | { state: 'read', value: unknown }} BodyValue
 */

/**
 * What an exchange is in the released spec: the operation it called, the documented response its status falls under,
 * and its bodies, their media types recorded or inferred from the body and what the operation documents.
 * @typedef {object} ExchangeReading
 * @property {string} operationKey
 * @property {ContractOperation} operation
 * @property {string | undefined} statusKey the documented response (`200`, `4XX`, `default`); undefined for none,
 *   and when the API's answer was not recorded
 * @property {URLSearchParams} query
 * @property {ObservedHeaders} requestHeaders
 * @property {ObservedHeaders} answerHeaders
 * @property {string | undefined} requestContentType the whole header (a multipart boundary included)
 * @property {string | undefined} requestMediaType its essence
 * @property {string | undefined} answerContentType
 * @property {string | undefined} answerMediaType
 * @property {BodyValue} request
 * @property {BodyValue} answer
 */

/**
 * A violation of the contract by a request or its answer, as the contract model names it.
 * @typedef {object} JudgedViolation
 * @property {'request' | 'answer'} side
 * @property {string} location `path`, `query`, `header`, `body`, `status`
 * @property {string} name the parameter, header, status, or place in the body (`questions/0/questionId`)
 * @property {string} rule the JSON Schema keyword or the model's rule (`required`, `media-type`, `documented`)
 * @property {string} message
 */

/** Recordings keep no credentials: every judged request carries a bearer token of the right form. */
const RECORDED_BEARER = 'Bearer recorded-credentials';

/**
 * Reads an exchange against the released spec. Undefined media types are inferred: a request body is of the first
 * media type its operation accepts that the text can be (JSON that parses, a multipart body, a form, any text); an
 * answer's, of the documented response its status falls under.
 * @param {Contract} contract the released spec's
 * @param {ObservedExchange} exchange
 * @returns {ExchangeReading | string} the reading, or why the exchange is no operation of the released spec
 */
export function readExchange(contract, exchange) {
  const match = contract.match(exchange.method, exchange.target);
  if (match.kind !== 'matched') return `${unmatched(match, exchange.method)} in the released spec`;
  const { operation } = match;
  const documented = contract.findDocumentedResponse(operation, exchange.status);
  const requestContentType = contentTypeOf(exchange.requestBody, operation.requestBody?.mediaTypes ?? []);
  const answerContentType = exchange.answered
    ? contentTypeOf(exchange.answerBody, documented?.mediaTypes ?? ['application/json'])
    : undefined;
  return {
    operationKey: operationKey(operation.method, operation.path),
    operation,
    statusKey: exchange.answered ? documented?.status : undefined,
    query: match.query,
    requestHeaders: exchange.requestHeaders,
    answerHeaders: exchange.answerHeaders,
    requestContentType,
    requestMediaType: requestContentType && essence(requestContentType),
    answerContentType,
    answerMediaType: answerContentType && essence(answerContentType),
    request: bodyValue(exchange.requestBody, requestContentType),
    answer: exchange.answered ? bodyValue(exchange.answerBody, answerContentType) : { state: 'unknown' },
  };
}

/**
 * Judges an exchange by a contract, as the contract's servers judge requests and answers: the operation matched, the
 * request's parameters, media type and body, and the answer. What the recording did not keep is not judged: headers it
 * does not record, a body it cut, credentials (every request carries a bearer token).
 * @param {Contract} contract
 * @param {ObservedExchange} exchange
 * @param {ExchangeReading} reading the exchange read against the released spec (its inferred media types)
 * @returns {Promise<{ operationKey: string | undefined, violations: JudgedViolation[] }>}
 */
export async function judgeExchange(contract, exchange, reading) {
  const match = contract.match(exchange.method, exchange.target);
  if (match.kind !== 'matched') {
    const rule = match.kind === 'method-not-allowed' ? 'method' : 'not-found';
    const message = unmatched(match, exchange.method);
    return { operationKey: undefined, violations: [{ side: 'request', location: 'path', name: '', rule, message }] };
  }
  const { operation } = match;
  /** @type {JudgedViolation[]} */
  const violations = [];
  const requestKnown = knownHeader(exchange.requestHeaders);
  /** @type {Record<string, string[]>} */
  const headers = { authorization: [RECORDED_BEARER] };
  for (const [name, value] of Object.entries(exchange.requestHeaders.values)) headers[name] = [value];
  const body = exchange.requestBody;
  const bytes = body?.complete ? Buffer.from(body.text) : undefined;
  /** @type {Record<string, string[]>} */
  const bodyHeaders = {};
  if (body) {
    if (reading.requestContentType) bodyHeaders['content-type'] = [reading.requestContentType];
    bodyHeaders['content-length'] = [String(bytes?.length || 1)];
  }
  const head = { headers: { ...headers, ...bodyHeaders }, pathParams: match.pathParams, query: match.query };
  const verdict = contract.checkRequestHead(operation, head);
  /** @type {Array<{ location: string, name: string, rule: string, message: string }>} */
  const request = [...verdict.violations];
  if (verdict.status === 415) {
    // The media type refused, the parameters are still judged: a request can break both.
    request.push(...contract.checkRequestHead(operation, { ...head, headers }).violations);
  } else if (body === null || body.complete) {
    request.push(...(await contract.checkRequestBody(operation, { headers: head.headers, body: bytes })).violations);
  }
  for (const v of request) {
    if (v.location === 'header' && !requestKnown(v.name)) continue;
    violations.push({ side: 'request', location: v.location, name: v.name, rule: v.rule, message: v.message });
  }

  if (exchange.answered) {
    const answerKnown = knownHeader(exchange.answerHeaders);
    /** @type {Record<string, string>} */
    const answerHeaders = { ...exchange.answerHeaders.values };
    if (reading.answerContentType) answerHeaders['content-type'] = reading.answerContentType;
    const answer = contract.validateResponse(operation, {
      status: exchange.status,
      headers: answerHeaders,
      bodyText: exchange.answerBody?.text ?? '',
    });
    // A status the spec does not document is the break: what the answer is then held to (the error envelope) follows.
    const undocumented = answer.problems.filter((problem) => problem.kind === 'undocumented-status');
    for (const v of (undocumented.length > 0 ? undocumented : answer.problems).flatMap((p) => p.violations)) {
      if (v.location === 'header' && !answerKnown(v.name)) continue;
      if (v.location === 'body' && exchange.answerBody && !exchange.answerBody.complete) continue;
      violations.push({ side: 'answer', location: v.location, name: v.name, rule: v.rule, message: v.message });
    }
  }
  return { operationKey: operationKey(operation.method, operation.path), violations };
}

/**
 * Whether a recording tells if a header was there: `Content-Type` always (recorded, or inferred from the body).
 * @param {ObservedHeaders} headers
 * @returns {(name: string) => boolean}
 */
function knownHeader(headers) {
  return (name) => {
    const lower = name.toLowerCase();
    return lower === 'content-type' || headers.known === 'all' || headers.known.includes(lower);
  };
}

/**
 * @param {Exclude<ReturnType<Contract['match']>, { kind: 'matched' }>} match
 * @param {string} method
 */
function unmatched(match, method) {
  if (match.kind === 'method-not-allowed')
    return `${method} is not an operation of ${match.template} (it has ${match.allowed.join(', ')})`;
  if (match.kind === 'not-found') return `no operation at ${match.path}`;
  return match.reason;
}

/**
 * The `Content-Type` of a body: recorded, else inferred from the text among the media types the operation documents.
 * @param {import('./consumer-recordings.js').ObservedBody | null} body
 * @param {string[]} documented
 * @returns {string | undefined}
 */
function contentTypeOf(body, documented) {
  if (!body) return undefined;
  if (body.mediaType) return body.mediaType;
  const text = body.text;
  const json = parsesAsJson(text);
  const boundary = /^--([^\r\n]{1,70})\r?\n/.exec(text)?.[1];
  for (const mediaType of documented) {
    const type = essence(mediaType);
    if (isJsonMediaType(type) ? json : type === 'multipart/form-data' ? boundary !== undefined : !json)
      return type === 'multipart/form-data' ? `${type}; boundary=${boundary}` : mediaType;
  }
  // A body no documented media type fits (or one where none is documented): JSON when it parses.
  return json ? 'application/json' : undefined;
}

/**
 * @param {string} text
 */
function parsesAsJson(text) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * @param {import('./consumer-recordings.js').ObservedBody | null} body
 * @param {string | undefined} contentType
 * @returns {BodyValue}
 */
function bodyValue(body, contentType) {
  if (!body) return { state: 'none' };
  if (!body.complete) return { state: 'unknown' };
  const type = contentType && essence(contentType);
  if (isJsonMediaType(type)) {
    try {
      return { state: 'read', value: JSON.parse(body.text) };
    } catch {
      return { state: 'read', value: body.text };
    }
  }
  if (type === 'application/x-www-form-urlencoded')
    return { state: 'read', value: Object.fromEntries(new URLSearchParams(body.text)) };
  if (type === 'multipart/form-data') return { state: 'read', value: multipartFields(body.text) };
  return { state: 'read', value: body.text };
}

/**
 * The parts of a multipart body kept as text, by name: a file part's value is `''` (its bytes are not text), another
 * part's its text. Enough to tell which parts were sent and what a text part held.
 * @param {string} text
 * @returns {Record<string, string>}
 */
function multipartFields(text) {
  const boundary = /^--([^\r\n]{1,70})\r?\n/.exec(text)?.[1];
  /** @type {Record<string, string>} */
  const fields = {};
  if (!boundary) return fields;
  for (const chunk of text.split(`--${boundary}`).slice(1)) {
    const split = /\r?\n\r?\n/.exec(chunk);
    if (!split) continue;
    const head = chunk.slice(0, split.index);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (name === undefined) continue;
    fields[name] = /filename=/i.test(head) ? '' : chunk.slice(split.index + split[0].length).replace(/\r?\n$/, '');
  }
  return fields;
}
