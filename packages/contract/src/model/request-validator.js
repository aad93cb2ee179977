import { parseMediaType } from './media-type.js';
import { checkParameter, orderParameters } from './parameter-check.js';
import { checkRequestBody } from './request-body-check.js';
import { violation } from './request-violation.js';

/** `Authorization: Bearer <token>`, the token in RFC 6750's token68 alphabet. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
const JSON_MEDIA_TYPE = 'application/json';

/**
 * @typedef {import('./operations.js').ContractOperation} ContractOperation
 * @typedef {import('./request-violation.js').Violation} Violation
 * @typedef {import('./request-body-check.js').UploadedPart} UploadedPart
 * @typedef {import('./request-body-check.js').BodyChecked} BodyChecked
 * @typedef {import('./schema-validator.js').ValidateAt} ValidateAt
 */

/**
 * The verdict on a request: the status the service refuses it with and why, or the values it carries.
 * @typedef {object} RequestVerdict
 * @property {401 | 415 | 400 | undefined} status undefined: the request keeps the contract
 * @property {Violation[]} violations every violation of that status (401 before 415 before 400)
 * @property {RequestValues} values what the request carries, typed by the contract where it kept it
 */

/**
 * @typedef {object} RequestValues
 * @property {Record<string, unknown>} path path parameters, typed
 * @property {Record<string, unknown>} query documented query parameters, typed, defaults filled in
 * @property {Record<string, unknown>} header documented headers, by their documented name
 * @property {unknown} body the parsed JSON body; for multipart, the described parts
 * @property {Record<string, UploadedPart>} parts multipart parts by name (`{}` otherwise)
 */

/**
 * @typedef {object} RequestHead what is known of a request before its body is read
 * @property {Record<string, string[] | undefined>} headers lower-case names, every value (node's `headersDistinct`)
 * @property {Record<string, string>} pathParams decoded values, from the matcher
 * @property {URLSearchParams} query
 */

/**
 * The request checks of the contract, on its one schema validator.
 * @param {any} document the bundled OpenAPI document
 * @param {ValidateAt} validateAt
 */
export function createRequestValidator(document, validateAt) {
  return {
    /**
     * Checks the head of a request: bearer token, parameters, and whether a body of its media type could be
     * taken. Servers call it before they read a body, so that a refused request costs no upload.
     * @param {ContractOperation} operation
     * @param {RequestHead} head
     * @returns {RequestVerdict}
     */
    checkHead: (operation, head) => checkRequestHead(validateAt, operation, head),
    /**
     * Checks a request's body against the operation's request body: present when required, parseable, within
     * {@link MAX_JSON_DEPTH}, and valid against the schema of its media type (JSON), or holding its required
     * parts (multipart). The media type itself was judged by `checkHead`.
     * @param {ContractOperation} operation
     * @param {{ headers: Record<string, string[] | undefined>, body: Uint8Array | undefined }} request
     * @returns {Promise<BodyChecked>}
     */
    checkBody: (operation, request) => checkRequestBody(document, validateAt, operation, request),
  };
}

/**
 * @param {ValidateAt} validateAt
 * @param {ContractOperation} operation
 * @param {RequestHead} head
 * @returns {RequestVerdict}
 */
function checkRequestHead(validateAt, operation, { headers, pathParams, query }) {
  /** @type {RequestValues} */
  const values = { path: {}, query: {}, header: {}, body: undefined, parts: {} };
  const security = operation.requiresBearer ? bearerViolations(headers.authorization) : [];
  if (security.length > 0) return { status: 401, violations: security, values };

  const mediaType = mediaTypeViolations(operation, headers);
  if (mediaType.length > 0) return { status: 415, violations: mediaType, values };

  /** @type {Violation[]} */
  const violations = [];
  for (const parameter of orderParameters(operation.parameters)) {
    if (parameter.in === 'cookie') continue;
    const raw =
      parameter.in === 'path'
        ? pathParams[parameter.name] === undefined
          ? []
          : [/** @type {string} */ (pathParams[parameter.name])]
        : parameter.in === 'query'
          ? query.getAll(parameter.name)
          : (headers[parameter.name.toLowerCase()] ?? []).filter((value) => value.trim() !== '');
    const checked = checkParameter(validateAt, parameter, raw);
    if ('violations' in checked) violations.push(...checked.violations);
    else if (checked.value !== undefined) values[parameter.in][parameter.name] = checked.value;
  }
  return { status: violations.length > 0 ? 400 : undefined, violations, values };
}

/**
 * @param {string[] | undefined} values the Authorization header's values
 * @returns {Violation[]}
 */
function bearerViolations(values) {
  if (!values || values.length === 0) {
    return [
      violation(
        'security',
        'Authorization',
        'bearer',
        'header Authorization is required (Bearer token)',
        'Bearer <token>',
      ),
    ];
  }
  if (values.length > 1) {
    return [violation('security', 'Authorization', 'single', 'header Authorization must be sent once', 'one value')];
  }
  if (!BEARER.test(/** @type {string} */ (values[0]))) {
    const message = 'header Authorization must be "Bearer <token>"';
    return [violation('security', 'Authorization', 'bearer', message, 'Bearer <token>')];
  }
  return [];
}

/**
 * A body the operation could not take: one of a media type it does not accept, or one without a Content-Type.
 * Operations without a request body take none; a JSON body there is tolerated (many clients send `{}` on every
 * PUT), any other is refused where the operation documents 415.
 * @param {ContractOperation} operation
 * @param {Record<string, string[] | undefined>} headers
 * @returns {Violation[]}
 */
function mediaTypeViolations(operation, headers) {
  const hasBody = hasBodyHeaders(headers);
  const header = headers['content-type'];
  if (!hasBody && header === undefined) return [];
  if (header && header.length > 1) {
    return [violation('header', 'Content-Type', 'single', 'header Content-Type must be sent once', 'one value')];
  }
  const raw = header?.[0];
  const mediaType = parseMediaType(raw);
  const accepted = operation.requestBody?.mediaTypes ?? [];
  if (!operation.requestBody) {
    if (!hasBody || mediaType?.essence === JSON_MEDIA_TYPE) return [];
    if (!operation.responses.some((r) => r.status === '415')) return [];
    const sent = raw === undefined ? 'a body without Content-Type' : `Content-Type ${raw}`;
    const message = `${operation.method} ${operation.path} takes no body; ${sent} is not accepted`;
    return [violation('header', 'Content-Type', 'media-type', message, 'no body')];
  }
  if (raw === undefined) {
    if (!hasBody) return [];
    const message = `header Content-Type is required with a body: use ${accepted.join(' or ')}`;
    return [violation('header', 'Content-Type', 'media-type', message, accepted.join(' or '))];
  }
  if (!mediaType) {
    const message = `header Content-Type "${raw}" is malformed: use ${accepted.join(' or ')}`;
    return [violation('header', 'Content-Type', 'media-type', message, accepted.join(' or '))];
  }
  if (!accepted.includes(mediaType.essence)) {
    const message = `Content-Type ${mediaType.essence} is not accepted: use ${accepted.join(' or ')}`;
    return [violation('header', 'Content-Type', 'media-type', message, accepted.join(' or '))];
  }
  return [];
}

/**
 * Whether the request announces a body (RFC 9112: a Content-Length above 0, or a Transfer-Encoding).
 * @param {Record<string, string[] | undefined>} headers
 */
export function hasBodyHeaders(headers) {
  if (headers['transfer-encoding']?.length) return true;
  const length = headers['content-length']?.[0];
  return length !== undefined && length.trim() !== '0';
}
