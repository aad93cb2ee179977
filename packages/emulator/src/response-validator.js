import { resolveRef } from './spec.js';

/**
 * @typedef {object} ResponseCheck
 * @property {boolean} valid false when the response violates the spec
 * @property {boolean} undocumented true when the status is not listed for an operation that lists no error
 *   status at all (the document says "only 200 is documented" for the preview-logo operations, yet every
 *   operation needs a bearer token): such answers are checked against ErrorEnvelope and reported, not failed
 * @property {string[]} errors why the response is invalid
 */

/**
 * @typedef {object} ResponseToCheck
 * @property {import('./spec.js').SpecOperation | undefined} operation undefined for a path or method the
 *   spec does not have (404 or 405 before any operation was chosen)
 * @property {number} status
 * @property {string | undefined} contentType
 * @property {string} body the body as sent ('' for none)
 */

/**
 * Checks responses against the spec's declaration for their operation and status.
 * @param {any} spec the bundled OpenAPI document
 * @param {ReturnType<typeof import('./schema-registry.js').createSchemaRegistry>} registry
 */
export function createResponseValidator(spec, registry) {
  const errorEnvelope = registry.compile(spec.components.schemas.ErrorEnvelope);

  /**
   * @param {ResponseToCheck} response
   * @returns {ResponseCheck}
   */
  function validate({ operation, status, contentType, body }) {
    if (!operation) return checkErrorEnvelope(status, contentType, body, false);
    const responses = operation.operation.responses ?? {};
    const declared = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    if (!declared) {
      const listsErrors = Object.keys(responses).some((code) => /^[45]/.test(code));
      if (!listsErrors && status >= 400) return checkErrorEnvelope(status, contentType, body, true);
      return invalid(`status ${status} is not documented for ${operation.operationId}`);
    }
    const response = resolveRef(spec, declared);
    const content = response.content ?? {};
    const mediaTypes = Object.keys(content);
    if (mediaTypes.length === 0) {
      return body === '' ? ok() : invalid(`${operation.operationId} ${status} documents no body, but one was sent`);
    }
    const mediaType = mediaTypeOf(contentType);
    if (!mediaType || !content[mediaType]) {
      return invalid(
        `${operation.operationId} ${status}: Content-Type ${contentType ?? '(none)'} is not one of ${mediaTypes.join(', ')}`,
      );
    }
    const schema = content[mediaType].schema;
    if (!schema) return ok();
    const parsed = parseJson(body);
    if (!parsed.ok) return invalid(`${operation.operationId} ${status}: body is not JSON`);
    const result = registry.compile(schema)(parsed.value);
    return result.valid ? ok() : invalid(...result.errors.map((e) => `${operation.operationId} ${status}: body ${e}`));
  }

  /**
   * @param {number} status
   * @param {string | undefined} contentType
   * @param {string} body
   * @param {boolean} undocumented
   * @returns {ResponseCheck}
   */
  function checkErrorEnvelope(status, contentType, body, undocumented) {
    if (mediaTypeOf(contentType) !== 'application/json')
      return invalid(`${status}: error answers must be application/json`);
    const parsed = parseJson(body);
    if (!parsed.ok) return invalid(`${status}: body is not JSON`);
    const result = errorEnvelope(parsed.value);
    return result.valid
      ? { valid: true, undocumented, errors: [] }
      : invalid(...result.errors.map((e) => `${status}: ErrorEnvelope ${e}`));
  }

  return { validate };
}

/** @param {string | undefined} contentType */
export function mediaTypeOf(contentType) {
  return contentType?.split(';')[0].trim().toLowerCase() || undefined;
}

/** @param {string} text */
function parseJson(text) {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, value: undefined };
  }
}

/** @returns {ResponseCheck} */
const ok = () => ({ valid: true, undocumented: false, errors: [] });

/** @param {string[]} errors @returns {ResponseCheck} */
const invalid = (...errors) => ({ valid: false, undocumented: false, errors });
