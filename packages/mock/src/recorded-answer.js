/**
 * @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation
 * @typedef {import('@payments-connect/contract/server').Exchange} Exchange
 */

/**
 * One line of a recording (`--record FILE`): a request that kept the contract and the answer it got, as JSON on one
 * line. What a replayed request is matched by is its operation, the path ids and the query of `target`.
 * @typedef {object} RecordedAnswer
 * @property {1} recording the version of the format, on every line: a mock that reads another says so
 * @property {string} operationId
 * @property {string} method
 * @property {string} target the path and query as sent
 * @property {unknown} [requestBody] the request's JSON body; absent when it sent none
 * @property {string} [requestBodyNotKept] instead, the media type of a body that is no JSON (an upload), not kept
 * @property {number} status
 * @property {Record<string, string>} headers the answer's headers that carry meaning for a client, those it had of
 *   {@link RECORDED_HEADERS}
 * @property {unknown} [body] the answer's JSON body; absent when it had none
 * @property {string[]} [withheld] the credentials left out, each as `requestBody/<field>` or `body/<field>`
 */

/** The version of the format this mock writes and reads. */
export const RECORDING_VERSION = 1;

/**
 * The answer headers a recording keeps, by the name it writes them under: what a client acts on (the type of the
 * body, where a created resource is, when to retry). The rest (`Date`, the length, a request id) says nothing a
 * replayed answer needs, and could say something private.
 */
export const RECORDED_HEADERS = Object.freeze(['Content-Type', 'Location', 'Retry-After']);

/**
 * The fields of the token exchange that are credentials, by side: never written. Only the token exchange carries
 * them (as the journal assumes, `request-journal.js`); a credential anywhere else is found by its value, by the
 * recorder.
 */
const CREDENTIAL_FIELDS = Object.freeze({
  requestBody: ['clientSecret', 'client_secret'],
  body: ['access_token', 'refresh_token', 'id_token'],
});

/** A lower-case header name to the name a recording writes it under. */
const RECORDED_NAMES = new Map(RECORDED_HEADERS.map((name) => [name.toLowerCase(), name]));

/**
 * What an exchange is written as, or why it is not written: only an exchange that kept the contract on both sides is
 * an answer to replay (one that broke it would be refused, or would teach the consumer's tests a wrong answer).
 * @param {Exchange} exchange
 * @param {ContractOperation | undefined} tokenOperation the contract's token exchange, whose credentials are withheld
 * @returns {{ answer: RecordedAnswer, credentials: string[] } | { skipped: string }} `credentials`: the values
 *   withheld, which no line may hold
 */
export function recordedAnswerOf(exchange, tokenOperation) {
  const { request, operation, status } = exchange;
  if (status === 0) return { skipped: 'the client went away before the answer' };
  if (exchange.upstreamFailure !== undefined) return { skipped: 'the upstream failed (502, 504)' };
  if (!operation || exchange.requestViolations.length > 0) return { skipped: 'the request broke the contract' };
  if (exchange.answerViolations.length > 0) return { skipped: 'the answer broke the contract' };
  /** @type {Record<string, string>} */
  const headers = {};
  for (const name in exchange.headers) {
    const recorded = RECORDED_NAMES.get(name.toLowerCase());
    if (recorded) headers[recorded] = /** @type {string} */ (exchange.headers[name]);
  }
  const { answerText } = exchange;
  const body = answerText === undefined || answerText === '' ? undefined : parsed(answerText);
  if (body === NOT_JSON) return { skipped: 'the answer is no JSON' };
  // An answer the pipeline made itself is JSON; its type is added as it is sent, not in its own headers.
  if (body !== undefined && headers['Content-Type'] === undefined) headers['Content-Type'] = 'application/json';
  /** @type {RecordedAnswer} */
  const answer = {
    recording: RECORDING_VERSION,
    operationId: operation.operationId,
    method: request.method ?? 'GET',
    target: request.url ?? '/',
    ...requestBodyOf(exchange),
    status,
    headers,
    ...(body === undefined ? {} : { body }),
  };
  /** @type {string[]} */
  const credentials = [];
  if (operation === tokenOperation) {
    /** @type {string[]} */
    const withheld = [];
    for (const side of /** @type {const} */ (['requestBody', 'body'])) {
      const value = answer[side];
      if (!isObject(value)) continue;
      for (const field of CREDENTIAL_FIELDS[side]) {
        if (!(field in value)) continue;
        if (typeof value[field] === 'string') credentials.push(value[field]);
        delete value[field];
        withheld.push(`${side}/${field}`);
      }
    }
    if (withheld.length > 0) answer.withheld = withheld;
  }
  return { answer, credentials };
}

/**
 * The request's body as a recording keeps it: its JSON value, or the media type of a body that is no JSON.
 * @param {Exchange} exchange
 * @returns {Pick<RecordedAnswer, 'requestBody' | 'requestBodyNotKept'>}
 */
function requestBodyOf({ request, requestBody }) {
  if (requestBody === undefined || requestBody.length === 0) return {};
  const type = request.headersDistinct['content-type']?.[0] ?? '';
  const essence = type.split(';')[0]?.trim().toLowerCase() ?? '';
  const value = JSON_TYPE.test(essence) ? parsed(Buffer.from(requestBody).toString('utf8')) : NOT_JSON;
  return value === NOT_JSON ? { requestBodyNotKept: essence || 'a body without Content-Type' } : { requestBody: value };
}

/** A JSON media type (`application/json`, `application/problem+json`). */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json$/;

/**
 * A parsed line as a recorded answer, its fields checked; what is wrong with it otherwise.
 * @param {unknown} record
 * @returns {RecordedAnswer | string}
 */
export function readRecordedAnswer(record) {
  if (!isObject(record)) return 'not a JSON object';
  const { recording, operationId, method, target, status, headers, withheld, requestBodyNotKept } = record;
  if (recording !== RECORDING_VERSION)
    return `recording must be ${RECORDING_VERSION}, the format this mock reads; got ${JSON.stringify(recording)}`;
  if (typeof operationId !== 'string' || operationId === '') return 'operationId must be an operation id';
  if (typeof method !== 'string' || !/^[A-Z]+$/.test(method)) return 'method must be an HTTP method, in capitals';
  if (typeof target !== 'string' || !target.startsWith('/')) return 'target must be the path and query, from /';
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599)
    return 'status must be an HTTP status';
  if (!isObject(headers) || Object.values(headers).some((value) => typeof value !== 'string'))
    return 'headers must be an object of header names to text';
  if (requestBodyNotKept !== undefined && typeof requestBodyNotKept !== 'string')
    return 'requestBodyNotKept must be a media type';
  if (
    withheld !== undefined &&
    (!Array.isArray(withheld) || withheld.some((place) => typeof place !== 'string' || !WITHHELD.test(place)))
  )
    return 'withheld must list places such as body/access_token or requestBody/clientSecret';
  return /** @type {RecordedAnswer} */ (record);
}

/** A place a credential was withheld from. */
const WITHHELD = /^(?:requestBody|body)\/[^/]+$/;

/**
 * The value a withheld credential is replayed and judged with: the replayed token exchange answers a token of the
 * right form, which the mock accepts (it accepts any).
 * @param {string} field
 */
export function replayedCredential(field) {
  return `replayed-${field.replaceAll('_', '-')}`;
}

/**
 * A recorded answer's body with each withheld credential of the answer filled in ({@link replayedCredential}).
 * @param {RecordedAnswer} answer
 * @returns {unknown}
 */
export function replayedBody({ body, withheld = [] }) {
  const fields = withheld.filter((place) => place.startsWith('body/')).map((place) => place.slice('body/'.length));
  if (fields.length === 0 || !isObject(body)) return body;
  return { ...body, ...Object.fromEntries(fields.map((field) => [field, replayedCredential(field)])) };
}

/**
 * What a replayed request is matched by, beside its operation: its normalised path, which holds the path ids, and its
 * query parameters in any order.
 * @param {string} path
 * @param {URLSearchParams} query
 */
export function recordingKey(path, query) {
  const pairs = [...query].map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  return pairs.length === 0 ? path : `${path}?${pairs.sort().join('&')}`;
}

/** What {@link parsed} answers for a text that is no JSON. */
const NOT_JSON = Symbol('not JSON');

/**
 * @param {string} text
 * @returns {unknown}
 */
function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, any>}
 */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
