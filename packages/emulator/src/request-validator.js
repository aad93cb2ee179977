import { ApiError, validationFailed } from './api-error.js';
import { mediaTypeOf } from './response-validator.js';
import { resolveRef } from './spec.js';

/** The order parameter locations are checked in. */
const LOCATION_ORDER = ['header', 'path', 'query'];

/**
 * @typedef {object} ValidatedRequest
 * @property {Record<string, string>} params path parameters, each a valid value for its schema
 * @property {Record<string, unknown>} query documented query parameters, coerced to their schema type
 * @property {string | undefined} accountId the AccountId header, when the operation takes it
 * @property {any} body the parsed JSON body, or for multipart the described parts (see `parts`)
 * @property {Record<string, UploadedPart>} parts the multipart parts, by name
 */

/**
 * @typedef {object} UploadedPart
 * @property {string} fileName
 * @property {string} contentType
 * @property {number} size bytes
 */

/**
 * @typedef {object} IncomingParts
 * @property {Record<string, string>} pathParams raw path parameters from the route match
 * @property {URLSearchParams} searchParams
 * @property {import('node:http').IncomingHttpHeaders} headers
 * @property {Buffer} rawBody
 */

/**
 * Checks a request against its operation's parameters and request body in the spec, so the emulator
 * refuses exactly what the contract refuses: 400 VALIDATION_FAILED for bad input, 415 for a body of
 * the wrong media type.
 * @param {any} spec
 * @param {ReturnType<typeof import('./schema-registry.js').createSchemaRegistry>} registry
 */
export function createRequestValidator(spec, registry) {
  /**
   * @param {import('./spec.js').SpecOperation} op
   * @param {IncomingParts} incoming
   * @returns {Promise<ValidatedRequest>}
   */
  async function validate(op, { pathParams, searchParams, headers, rawBody }) {
    /** @type {ValidatedRequest} */
    const result = { params: {}, query: {}, accountId: undefined, body: undefined, parts: {} };
    // Headers first: a missing AccountId is reported before anything about the path or the query.
    const ordered = [...op.parameters].sort((a, b) => LOCATION_ORDER.indexOf(a.in) - LOCATION_ORDER.indexOf(b.in));
    for (const parameter of ordered) {
      if (parameter.in === 'header') {
        const value = headers[parameter.name.toLowerCase()];
        const text = Array.isArray(value) ? value[0] : value;
        if (text === undefined || text.trim() === '') {
          if (parameter.required) throw validationFailed(`'${parameter.name}' header is required`);
          continue;
        }
        checkValue(parameter, text, 'header');
        if (parameter.name === 'AccountId') result.accountId = text.trim();
      } else if (parameter.in === 'path') {
        checkValue(parameter, pathParams[parameter.name], 'path parameter');
        result.params[parameter.name] = pathParams[parameter.name];
      } else if (parameter.in === 'query') {
        const text = searchParams.get(parameter.name);
        if (text === null) {
          if (parameter.required) throw validationFailed(`query parameter '${parameter.name}' is required`);
          if (parameter.schema?.default !== undefined) result.query[parameter.name] = parameter.schema.default;
          continue;
        }
        result.query[parameter.name] = checkValue(parameter, coerce(parameter.schema, text), 'query parameter');
      }
    }
    await readBody(op, headers, rawBody, result);
    return result;
  }

  /**
   * @param {any} parameter
   * @param {unknown} value
   * @param {string} where
   */
  function checkValue(parameter, value, where) {
    if (!parameter.schema) return value;
    const check = registry.compile(parameter.schema)(value);
    if (!check.valid) {
      const reasons = check.errors.map((e) => e.replace('(root)', parameter.name));
      throw validationFailed(`${where} ${reasons.join('; ')}`, reasons);
    }
    return value;
  }

  /**
   * @param {import('./spec.js').SpecOperation} op
   * @param {import('node:http').IncomingHttpHeaders} headers
   * @param {Buffer} rawBody
   * @param {ValidatedRequest} result
   */
  async function readBody(op, headers, rawBody, result) {
    const contentType = headers['content-type'];
    const mediaType = mediaTypeOf(contentType);
    const requestBody = op.operation.requestBody && resolveRef(spec, op.operation.requestBody);
    if (!requestBody) {
      // A body-less write that documents 415 refuses a body it could not read; a JSON body is tolerated
      // because many clients send `{}` on every PUT.
      if (rawBody.length > 0 && '415' in (op.operation.responses ?? {}) && mediaType !== 'application/json') {
        throw unsupportedMediaType(contentType, ['no body', 'application/json']);
      }
      return;
    }
    const accepted = Object.keys(requestBody.content ?? {});
    if (rawBody.length === 0 && !mediaType) {
      if (requestBody.required) throw validationFailed('request body is required');
      return;
    }
    if (!mediaType || !accepted.includes(mediaType)) throw unsupportedMediaType(contentType, accepted);
    const schema = requestBody.content[mediaType].schema;
    if (mediaType === 'multipart/form-data') {
      result.parts = await readMultipart(
        /** @type {string} */ (contentType),
        rawBody,
        schema && resolveRef(spec, schema),
      );
      result.body = result.parts;
      return;
    }
    let body;
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw validationFailed('request body is not valid JSON');
    }
    if (schema) {
      const check = registry.compile(schema)(body);
      if (!check.valid) {
        const reasons = check.errors.map((e) => e.replace('(root)', 'body').replace(/^\//, 'body/'));
        throw validationFailed(`request ${reasons.join('; ')}`, reasons);
      }
    }
    result.body = body;
  }

  return { validate };
}

/**
 * Reads a multipart body with the Web `Request.formData()` built into Node, so no parser is needed,
 * and checks that every required part is present and not empty.
 * @param {string} contentType the full header, boundary included
 * @param {Buffer} rawBody
 * @param {any} schema the resolved object schema of the form
 * @returns {Promise<Record<string, UploadedPart>>}
 */
async function readMultipart(contentType, rawBody, schema) {
  let form;
  try {
    form = await new Request('http://emulator.local/', {
      method: 'PUT',
      headers: { 'content-type': contentType },
      body: /** @type {BodyInit} */ (/** @type {unknown} */ (rawBody)),
    }).formData();
  } catch {
    throw validationFailed('request body is not valid multipart/form-data');
  }
  /** @type {Record<string, UploadedPart>} */
  const parts = {};
  for (const [name, value] of form.entries()) {
    parts[name] =
      typeof value === 'string'
        ? { fileName: name, contentType: 'text/plain', size: Buffer.byteLength(value) }
        : { fileName: value.name || name, contentType: value.type || 'application/octet-stream', size: value.size };
  }
  for (const name of schema?.required ?? []) {
    if (!parts[name]) throw validationFailed(`multipart part '${name}' is required`);
    if (parts[name].size === 0) throw validationFailed(`multipart part '${name}' must not be empty`);
  }
  return parts;
}

/**
 * @param {string | undefined} contentType
 * @param {string[]} accepted
 */
function unsupportedMediaType(contentType, accepted) {
  return new ApiError(
    415,
    `Content-Type ${contentType ?? '(none)'} is not supported here; use ${accepted.join(' or ')}`,
  );
}

/**
 * Query strings are text; the spec types them, so convert before checking.
 * @param {any} schema
 * @param {string} text
 */
function coerce(schema, text) {
  if (schema?.type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  if ((schema?.type === 'integer' || schema?.type === 'number') && text.trim() !== '' && !Number.isNaN(Number(text)))
    return Number(text);
  return text;
}
