// The multipart reader of the platform: @fastify/busboy in Node, a port of its rules to web-standard code elsewhere.
import { readMultipartBody } from '#read-multipart-body';
import { jsonDepth, MAX_JSON_DEPTH } from './json-depth.js';
import { childPointer } from './json-pointer.js';
import { parseMediaType } from './media-type.js';
import { violation } from './request-violation.js';
import { dereference } from './resolve-ref.js';
import { bodyIssueViolation } from './schema-issues.js';

const MULTIPART_MEDIA_TYPE = 'multipart/form-data';
/**
 * A body is read as UTF-8 as Node's Buffer reads it: a byte order mark kept (JSON refuses it), bytes that are no UTF-8
 * each replaced (U+FFFD).
 */
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * @typedef {import('./operations.js').ContractOperation} ContractOperation
 * @typedef {import('./request-violation.js').Violation} Violation
 * @typedef {import('./schema-validator.js').ValidateAt} ValidateAt
 */

/**
 * @typedef {object} UploadedPart
 * @property {string} fileName
 * @property {string} contentType
 * @property {number} size bytes
 */

/**
 * @typedef {object} BodyChecked what the body check found: every violation, and what the body carries
 * @property {Violation[]} violations
 * @property {unknown} body the parsed JSON body; for multipart, the described parts
 * @property {Record<string, UploadedPart>} parts multipart parts by name (`{}` otherwise)
 */

/**
 * @param {any} document
 * @param {ValidateAt} validateAt
 * @param {ContractOperation} operation
 * @param {{ headers: Record<string, string[] | undefined>, body: Uint8Array | undefined }} request
 * @returns {Promise<BodyChecked>}
 */
export async function checkRequestBody(document, validateAt, operation, { headers, body }) {
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
  const text = UTF8.decode(bytes);
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
 * @returns {BodyChecked | undefined}
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
 * Reads a multipart body with the contract's one multipart parser ({@link readMultipartBody}), and checks that every
 * required part is there and not empty, and that parts sent without a file name match their schema. A part the
 * schema wants as a file may come without a file name, as some clients send one: it is taken, named after the part.
 * @param {ValidateAt} validateAt
 * @param {string} contentType the whole header, boundary included
 * @param {import('./media-type.js').MediaType} mediaType the header, parsed
 * @param {Uint8Array} bytes
 * @param {string | undefined} schemaPointer
 * @param {any} schema the resolved schema of the form
 * @returns {Promise<BodyChecked>}
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
