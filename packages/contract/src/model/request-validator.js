import { jsonDepth, MAX_JSON_DEPTH } from './json-depth.js';
import { childPointer } from './json-pointer.js';
import { parseMediaType } from './media-type.js';
import { readMultipartBody } from './multipart-body.js';
import { dereference } from './resolve-ref.js';
import { bodyIssueViolation } from './schema-issues.js';

/** `Authorization: Bearer <token>`, the token in RFC 6750's token68 alphabet. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
const JSON_MEDIA_TYPE = 'application/json';
const MULTIPART_MEDIA_TYPE = 'multipart/form-data';

/**
 * @typedef {import('./operations.js').ContractOperation} ContractOperation
 * @typedef {import('./operations.js').ContractParameter} ContractParameter
 * @typedef {import('./schema-validator.js').ValidateAt} ValidateAt
 */

/**
 * One thing wrong with a request.
 * @typedef {object} Violation
 * @property {'security' | 'header' | 'path' | 'query' | 'body'} location
 * @property {string} name the header or parameter, or the place in the body (`answers/0/answer`; `''`: the body)
 * @property {string} rule what was broken: a JSON Schema keyword (`required`, `type`, `format`, `minLength`) or
 *   `single` (sent more than once), `json` (does not parse), `depth`, `media-type`, `multipart`, `bearer`
 * @property {string} message a sentence naming it (`query includeTerminal must be boolean`)
 * @property {string | undefined} expected what the contract wanted, when it says (`boolean`, `uuid`)
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
 * @typedef {object} UploadedPart
 * @property {string} fileName
 * @property {string} contentType
 * @property {number} size bytes
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
     * @returns {Promise<{ violations: Violation[], body: unknown, parts: Record<string, UploadedPart> }>}
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
 * @param {any} document
 * @param {ValidateAt} validateAt
 * @param {ContractOperation} operation
 * @param {{ headers: Record<string, string[] | undefined>, body: Uint8Array | undefined }} request
 * @returns {Promise<{ violations: Violation[], body: unknown, parts: Record<string, UploadedPart> }>}
 */
async function checkRequestBody(document, validateAt, operation, { headers, body }) {
  const bytes = body ?? new Uint8Array();
  const settled = bodyVerdictWithoutParsing(operation, bytes);
  if (settled) return settled;
  const requestBody = /** @type {NonNullable<ContractOperation['requestBody']>} */ (operation.requestBody);
  const none = { violations: [], body: undefined, parts: {} };
  const contentType = headers['content-type']?.[0];
  const mediaType = parseMediaType(contentType);
  if (!mediaType) return none; // refused as 415 by the head check
  const schemaPointer = childPointer(requestBody.pointer, 'content', mediaType.essence, 'schema');
  const schema = requestBody.requestBody.content?.[mediaType.essence]?.schema;
  if (mediaType.essence === MULTIPART_MEDIA_TYPE) {
    const form = schema ? dereference(document, schema, schemaPointer) : undefined;
    return checkMultipart(validateAt, /** @type {string} */ (contentType), mediaType, bytes, form?.pointer, form?.node);
  }
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const depth = jsonDepth(text);
  if (depth > MAX_JSON_DEPTH) {
    const message = `body nests ${depth} levels deep, more than the ${MAX_JSON_DEPTH} accepted`;
    return { ...none, violations: [violation('body', '', 'depth', message, `at most ${MAX_JSON_DEPTH} levels`)] };
  }
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ...none, violations: [violation('body', '', 'json', `body is not valid JSON (${reason})`, 'JSON')] };
  }
  const issues = schema ? validateAt(schemaPointer, parsed) : [];
  return {
    violations: issues.map(bodyIssueViolation),
    body: parsed,
    parts: {},
  };
}

/**
 * The verdict on a body that needs no parsing: the operation takes none (what is sent is then left alone), or the
 * body is empty (refused where the body is required). Undefined when the body is there to check. Synchronous, so
 * that a server answers a request without a body with no turn of the event loop.
 * @param {ContractOperation} operation
 * @param {Uint8Array} bytes
 * @returns {{ violations: Violation[], body: undefined, parts: Record<string, UploadedPart> } | undefined}
 */
export function bodyVerdictWithoutParsing(operation, bytes) {
  const requestBody = operation.requestBody;
  if (requestBody && bytes.length > 0) return undefined;
  /** @type {Violation[]} */
  const violations = [];
  if (requestBody?.required) {
    violations.push(violation('body', '', 'required', 'body is required', requestBody.mediaTypes.join(' or ')));
  }
  return { violations, body: undefined, parts: {} };
}

/**
 * @param {Violation['location']} location
 * @param {string} name
 * @param {string} rule
 * @param {string} message
 * @param {string | undefined} expected
 * @returns {Violation}
 */
function violation(location, name, rule, message, expected) {
  return { location, name, rule, message, expected };
}

/**
 * Headers first, then the path, then the query: a missing account is reported before a malformed id.
 * @param {ContractParameter[]} parameters
 */
function orderParameters(parameters) {
  let ordered = orderedParameters.get(parameters);
  if (!ordered) {
    const order = ['header', 'path', 'query', 'cookie'];
    ordered = [...parameters].sort((a, b) => order.indexOf(a.in) - order.indexOf(b.in));
    orderedParameters.set(parameters, ordered);
  }
  return ordered;
}

/** Each operation's parameters in checking order, sorted once: a server checks them on every request. */
/** @type {WeakMap<ContractParameter[], ContractParameter[]>} */
const orderedParameters = new WeakMap();

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

/**
 * Checks one parameter's raw values (text on the wire) and types them by its schema.
 * @param {ValidateAt} validateAt
 * @param {ContractParameter} parameter
 * @param {string[]} raw
 * @returns {{ value: unknown } | { violations: Violation[] }}
 */
function checkParameter(validateAt, parameter, raw) {
  const where = /** @type {Violation['location']} */ (parameter.in);
  const label = `${where} ${parameter.name}`;
  const schema = parameter.schema ?? {};
  if (raw.length === 0) {
    if (parameter.required) {
      return { violations: [violation(where, parameter.name, 'required', `${label} is required`, schemaType(schema))] };
    }
    return { value: schema.default };
  }
  const isArray = schema.type === 'array';
  if (!isArray && raw.length > 1) {
    return { violations: [violation(where, parameter.name, 'single', `${label} must be sent once`, 'one value')] };
  }
  const value = isArray
    ? raw.flatMap((text) => text.split(',')).map((text) => coerce(schema.items ?? {}, text))
    : coerce(schema, /** @type {string} */ (raw[0]));
  if (!parameter.schema) return { value };
  const issues = validateAt(parameter.schemaPointer, value);
  if (issues.length === 0) return { value };
  return {
    violations: issues.map((issue) =>
      violation(where, parameter.name, issue.keyword, `${label}${issue.path} ${issue.message}`, issue.expected),
    ),
  };
}

/** @param {any} schema */
function schemaType(schema) {
  return typeof schema.type === 'string' ? schema.type : undefined;
}

/**
 * Parameters are text on the wire; the schema types them. Text that is no value of the type stays text, so that
 * the schema check names the mismatch (`must be boolean`).
 * @param {any} schema
 * @param {string} text
 * @returns {unknown}
 */
function coerce(schema, text) {
  if (schema.type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  if ((schema.type === 'integer' || schema.type === 'number') && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) {
    return Number(text);
  }
  return text;
}

/**
 * Reads a multipart body with the contract's one multipart parser ({@link readMultipartBody}), and checks that every
 * required part is there and not empty, and that parts sent without a file name match their schema. A part the
 * schema wants as a file may come without a file name, as some clients send one: it is taken, named after the part.
 * @param {ValidateAt} validateAt
 * @param {string} contentType the whole header, boundary included
 * @param {import('./media-type.js').MediaType} mediaType the header, parsed
 * @param {Uint8Array} bytes
 * @param {string | undefined} schemaPointer
 * @param {any} schema the resolved schema of the form
 * @returns {Promise<{ violations: Violation[], body: unknown, parts: Record<string, UploadedPart> }>}
 */
async function checkMultipart(validateAt, contentType, mediaType, bytes, schemaPointer, schema) {
  if (!mediaType.parameters.boundary) {
    const message = 'multipart/form-data body has no boundary parameter in its Content-Type';
    return { violations: [violation('body', '', 'multipart', message, 'boundary=…')], body: undefined, parts: {} };
  }
  let received;
  try {
    received = await readMultipartBody(contentType, bytes);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const message = `body is not valid multipart/form-data (${reason})`;
    return {
      violations: [violation('body', '', 'multipart', message, 'multipart/form-data')],
      body: undefined,
      parts: {},
    };
  }
  // By name, the last of a name kept; Maps, so that a part named `__proto__` is a part like any other.
  /** @type {Map<string, UploadedPart>} */
  const byName = new Map();
  /** @type {Map<string, string>} */
  const texts = new Map();
  for (const part of received) {
    byName.set(part.name, { fileName: part.fileName || part.name, contentType: part.contentType, size: part.size });
    if (part.text === undefined) texts.delete(part.name);
    else texts.set(part.name, part.text);
  }
  /** @type {Violation[]} */
  const violations = [];
  const properties = schema?.properties ?? {};
  for (const name of schema?.required ?? []) {
    const part = byName.get(name);
    if (!part) violations.push(violation('body', name, 'required', `body part ${name} is required`, 'a part'));
    else if (part.size === 0) {
      violations.push(violation('body', name, 'minLength', `body part ${name} must not be empty`, 'at least 1 byte'));
    }
  }
  for (const [name, text] of texts) {
    if (!Object.hasOwn(properties, name) || !schemaPointer) continue;
    for (const issue of validateAt(childPointer(schemaPointer, 'properties', name), text)) {
      violations.push(violation('body', name, issue.keyword, `body part ${name} ${issue.message}`, issue.expected));
    }
  }
  const parts = Object.fromEntries(byName);
  return { violations, body: parts, parts };
}
