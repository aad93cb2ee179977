import { listExampleParts } from './example-parts.js';
import { parseMediaType } from './media-type.js';
import { buildMultipartBody } from './multipart-body.js';

/**
 * @typedef {import('./operations.js').ContractOperation} ContractOperation
 * @typedef {import('./named-examples.js').NamedExample} NamedExample
 */

/**
 * @typedef {object} ExampleRequest the request a named example describes, ready to send
 * @property {string} method upper case
 * @property {string} target the path, its parameters filled in, and the query
 * @property {Record<string, string>} headers the header parameters, and `Content-Type` when there is a body
 * @property {Uint8Array<ArrayBuffer> | undefined} body
 */

/**
 * The request of a named example, every part taken from the examples of that name. The bearer token is no
 * parameter: the caller adds `Authorization` where the operation requires it. A `multipart/form-data` body is built
 * from the example's parts (see `example-parts.js`); any other body is the example's value as JSON.
 * @param {unknown} document the bundled document
 * @param {ContractOperation} operation
 * @param {NamedExample} named
 * @returns {ExampleRequest}
 * @throws {Error} when the example does not pair completely (see `problems`)
 */
export function buildExampleRequest(document, operation, named) {
  if (named.problems.length > 0) {
    throw new Error(`${operation.operationId} example ${named.name}: ${named.problems.join('; ')}`);
  }
  const values = (/** @type {string} */ where) => named.parameters.filter((parameter) => parameter.in === where);
  const path = values('path').reduce(
    (filled, { name, value }) => filled.replace(`{${name}}`, encodeURIComponent(String(value))),
    operation.path,
  );
  const query = new URLSearchParams(values('query').map(({ name, value }) => [name, String(value)])).toString();
  /** @type {Record<string, string>} */
  const headers = Object.fromEntries(values('header').map(({ name, value }) => [name, String(value)]));
  /** @type {Uint8Array<ArrayBuffer> | undefined} */
  let body;
  if (named.body) {
    const { mediaType, example } = named.body;
    if (parseMediaType(mediaType)?.essence === 'multipart/form-data') {
      const media = operation.requestBody?.requestBody.content?.[mediaType];
      const multipart = buildMultipartBody(listExampleParts(document, media, example));
      headers['Content-Type'] = multipart.contentType;
      body = multipart.body;
    } else {
      body = new TextEncoder().encode(JSON.stringify(example.value));
      headers['Content-Type'] = mediaType;
    }
  }
  return { method: operation.method, target: query ? `${path}?${query}` : path, headers, body };
}
