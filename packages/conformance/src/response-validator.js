import { createRequire } from 'node:module';
import { markedBody, summariseSchemaErrors } from './mismatch-report.js';
import { dereference, operationForRequest, pointerToken, specOperations } from './spec-document.js';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020.js').default;
const addFormats = require('ajv-formats').default;

/** Base URI under which the whole document is registered, so every `#/components/...` $ref resolves. */
const SPEC_ID = 'https://payments-connect.invalid/openapi.json';
const JSON_MEDIA_TYPE = /^application\/(.+\+)?json$/;

/**
 * @typedef {object} Exchange one request and its answer, as sent and received
 * @property {string} method
 * @property {string} url
 * @property {number} status
 * @property {Headers} headers
 * @property {string} bodyText
 *
 * @typedef {object} Verdict
 * @property {import('./spec-document.js').SpecOperation | undefined} operation
 * @property {unknown} body the parsed JSON body, or the text when it is not JSON
 * @property {string[]} problems empty when the answer keeps the contract
 */

/**
 * Checks answers against the spec: the operation exists, the status is documented for it, documented
 * headers are present and valid, the media type is documented, and the body matches the JSON Schema
 * 2020-12 of that response (ajv, with the whole document registered so that `$ref`s resolve).
 * @param {any} spec the bundled OpenAPI document
 */
export function createResponseValidator(spec) {
  const operations = specOperations(spec);
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, logger: false });
  addFormats(ajv);
  ajv.addFormat('binary', true); // a file part: any bytes
  ajv.addSchema(spec, SPEC_ID);
  const schemaAt = (pointer) => ajv.getSchema(`${SPEC_ID}${pointer}`);

  /**
   * @param {Exchange} exchange
   * @returns {Verdict}
   */
  function check(exchange) {
    const { method, status, headers, bodyText } = exchange;
    const pathname = new URL(exchange.url).pathname;
    // A 405 answers a method the path lacks; it is documented on the path's operations.
    const operation =
      operationForRequest(operations, method, pathname) ??
      (status === 405 ? operationForRequest(operations, undefined, pathname) : undefined);
    const body = parseBody(bodyText);
    if (!operation) return { operation, body, problems: [`no operation of the spec answers ${method} ${pathname}`] };

    const documented = operation.responses.find((r) => r.status === String(status));
    if (!documented) {
      const statuses = operation.responses.map((r) => r.status).join(', ');
      return {
        operation,
        body,
        problems: [`status ${status} is not documented for ${operation.operationId} (documented: ${statuses})`],
      };
    }

    const problems = [...headerProblems(documented, headers)];
    const content = documented.response.content ?? {};
    const mediaType = (headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (Object.keys(content).length === 0) {
      if (bodyText.length > 0)
        problems.push(
          `status ${status} documents no body, got ${bodyText.length} bytes (${mediaType || 'no content-type'})`,
        );
    } else if (!content[mediaType]) {
      problems.push(
        `content-type "${mediaType}" is not documented for status ${status} (documented: ${Object.keys(content).join(', ')})`,
      );
    } else if (JSON_MEDIA_TYPE.test(mediaType)) {
      if (typeof body === 'string') problems.push(`the body is not JSON: ${JSON.stringify(bodyText.slice(0, 200))}`);
      else if (content[mediaType].schema) {
        const validate = schemaAt(`${documented.pointer}/content/${pointerToken(mediaType)}/schema`);
        if (!validate(body)) {
          const schemaErrors = summariseSchemaErrors(validate.errors ?? []);
          problems.push(
            `the body does not match the schema of ${documented.pointer}:`,
            ...schemaErrors.map(({ path, message }) => `  at ${path || '(root)'}: ${message}`),
            'body:',
            markedBody(body, schemaErrors),
          );
        }
      }
    }
    return { operation, body, problems };
  }

  /** @param {import('./spec-document.js').SpecResponse} documented @param {Headers} headers */
  function* headerProblems(documented, headers) {
    for (const [name, raw] of Object.entries(documented.response.headers ?? {})) {
      const { node: header, pointer } = dereference(spec, raw, `${documented.pointer}/headers/${pointerToken(name)}`);
      const value = headers.get(name);
      if (value === null) {
        if (header.required) yield `required header ${name} is missing`;
        continue;
      }
      if (!header.schema) continue;
      const validate = schemaAt(`${pointer}/schema`);
      const typed = header.schema.type === 'integer' || header.schema.type === 'number' ? Number(value) : value;
      if (!validate(typed))
        yield `header ${name}: "${value}" ${summariseSchemaErrors(validate.errors ?? [])
          .map((e) => e.message)
          .join('; ')}`;
    }
  }

  return { operations, check };
}

function parseBody(text) {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
