import { childPointer } from './json-pointer.js';
import { parseMediaType } from './media-type.js';
import { dereference } from './resolve-ref.js';
import { markedBody } from './schema-issues.js';

/** Every error body has the envelope of section 7 of the interface document, documented status or not. */
export const ERROR_ENVELOPE_POINTER = '#/components/schemas/ErrorEnvelope';
const JSON_MEDIA_TYPE = /^application\/(.+\+)?json$/;

/**
 * @typedef {import('./operations.js').ContractOperation} ContractOperation
 * @typedef {import('./operations.js').ContractResponse} ContractResponse
 * @typedef {import('./schema-validator.js').ValidateAt} ValidateAt
 */

/**
 * An answer as sent or received.
 * @typedef {object} Answer
 * @property {number} status
 * @property {Headers | Record<string, string | string[] | number | undefined>} headers
 * @property {string} bodyText the body as text (`''` for none)
 */

/**
 * One way an answer breaks the contract.
 * @typedef {object} ResponseProblem
 * @property {'undocumented-status' | 'header' | 'media-type' | 'body'} kind
 * @property {string} message one line
 * @property {import('./schema-issues.js').SchemaIssue[]} [issues] for `body`: each place the schema refused
 */

/**
 * @typedef {object} ResponseVerdict
 * @property {ContractResponse | undefined} response the documented response the status falls under
 * @property {unknown} body the parsed JSON body, else the text (undefined for none)
 * @property {ResponseProblem[]} problems empty when the answer keeps the contract
 */

/**
 * The documented response a status falls under, by OpenAPI's rule: the exact code, else its range (`4XX`),
 * else `default`.
 * @param {ContractOperation} operation
 * @param {number} status
 * @returns {ContractResponse | undefined}
 */
export function findDocumentedResponse(operation, status) {
  const code = String(status);
  return (
    operation.responses.find((r) => r.status === code) ??
    operation.responses.find((r) => r.status.toUpperCase() === `${code[0]}XX`) ??
    operation.responses.find((r) => r.status === 'default')
  );
}

/**
 * Checks an answer against the operation's documented response for its status: the status is documented,
 * documented headers are present when required and valid, the media type is documented (no body where none is),
 * and a JSON body matches the schema. An error status that is not documented is still held to the error envelope.
 * @param {any} document
 * @param {ValidateAt} validateAt
 * @param {ContractOperation} operation
 * @param {Answer} answer
 * @returns {ResponseVerdict}
 */
export function validateResponse(document, validateAt, operation, { status, headers, bodyText }) {
  const header = headerReader(headers);
  const body = parseBody(bodyText);
  const documented = findDocumentedResponse(operation, status);
  if (!documented) {
    const statuses = operation.responses.map((r) => r.status).join(', ');
    /** @type {ResponseProblem[]} */
    const problems = [
      {
        kind: 'undocumented-status',
        message: `status ${status} is not documented for ${operation.operationId} (documented: ${statuses})`,
      },
    ];
    if (status >= 400) problems.push(...envelopeProblems(validateAt, header('content-type'), bodyText, body));
    return { response: undefined, body, problems };
  }

  /** @type {ResponseProblem[]} */
  const problems = [];
  for (const [name, raw] of Object.entries(documented.response.headers ?? {})) {
    const { node: definition, pointer } = dereference(document, raw, childPointer(documented.pointer, 'headers', name));
    const value = header(name);
    if (value === undefined) {
      if (definition.required) problems.push({ kind: 'header', message: `required header ${name} is missing` });
      continue;
    }
    if (!definition.schema) continue;
    const typed = definition.schema.type === 'integer' || definition.schema.type === 'number' ? Number(value) : value;
    const issues = validateAt(childPointer(pointer, 'schema'), typed);
    if (issues.length > 0) {
      problems.push({
        kind: 'header',
        message: `header ${name}: "${value}" ${issues.map((i) => i.message).join('; ')}`,
      });
    }
  }

  const content = documented.response.content ?? {};
  const mediaTypes = Object.keys(content);
  const contentType = header('content-type');
  const mediaType = parseMediaType(contentType)?.essence ?? '';
  if (mediaTypes.length === 0) {
    if (bodyText.length > 0) {
      const sent = mediaType || 'no content-type';
      const message = `status ${status} documents no body, got ${bodyText.length} bytes (${sent})`;
      problems.push({ kind: 'media-type', message });
    }
  } else if (!content[mediaType]) {
    const documentedTypes = mediaTypes.join(', ');
    const sent = contentType ?? '';
    const message = `content-type "${sent}" is not documented for status ${status} (documented: ${documentedTypes})`;
    problems.push({ kind: 'media-type', message });
  } else if (JSON_MEDIA_TYPE.test(mediaType) && content[mediaType].schema) {
    const schemaPointer = childPointer(documented.pointer, 'content', mediaType, 'schema');
    problems.push(...bodyProblems(validateAt, schemaPointer, bodyText, body));
  }
  return { response: documented, body, problems };
}

/**
 * Checks an error answer that no operation gives (a path of no operation, a target that is no path): it must still
 * be the error envelope (section 7 of the interface document).
 * @param {ValidateAt} validateAt
 * @param {Answer} answer
 * @returns {ResponseVerdict}
 */
export function validateErrorAnswer(validateAt, { headers, bodyText }) {
  const body = parseBody(bodyText);
  return {
    response: undefined,
    body,
    problems: envelopeProblems(validateAt, headerReader(headers)('content-type'), bodyText, body),
  };
}

/**
 * The problems as lines a person can act on; a body that breaks its schema is shown with each issue marked.
 * @param {ResponseVerdict} verdict
 * @returns {string[]}
 */
export function describeResponseProblems(verdict) {
  return verdict.problems.flatMap((problem) =>
    problem.issues && problem.issues.length > 0
      ? [
          problem.message,
          ...problem.issues.map(({ path, message }) => `  at ${path || '(root)'}: ${message}`),
          'body:',
          markedBody(verdict.body, problem.issues),
        ]
      : [problem.message],
  );
}

/**
 * @param {ValidateAt} validateAt
 * @param {string | undefined} contentType
 * @param {string} bodyText
 * @param {unknown} body
 * @returns {ResponseProblem[]}
 */
function envelopeProblems(validateAt, contentType, bodyText, body) {
  if (parseMediaType(contentType)?.essence !== 'application/json') {
    return [
      {
        kind: 'media-type',
        message: `an error answer must be application/json, got ${contentType ?? 'no content-type'}`,
      },
    ];
  }
  return bodyProblems(validateAt, ERROR_ENVELOPE_POINTER, bodyText, body);
}

/**
 * @param {ValidateAt} validateAt
 * @param {string} schemaPointer
 * @param {string} bodyText
 * @param {unknown} body
 * @returns {ResponseProblem[]}
 */
function bodyProblems(validateAt, schemaPointer, bodyText, body) {
  if (bodyText.length > 0 && typeof body === 'string') {
    return [{ kind: 'body', message: `the body is not JSON: ${JSON.stringify(bodyText.slice(0, 200))}` }];
  }
  const issues = validateAt(schemaPointer, body);
  return issues.length === 0
    ? []
    : [{ kind: 'body', message: `the body does not match the schema of ${schemaPointer}:`, issues }];
}

/**
 * @param {Answer['headers']} headers
 * @returns {(name: string) => string | undefined}
 */
function headerReader(headers) {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return (name) => headers.get(name) ?? undefined;
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return (name) => {
    const value = lower[name.toLowerCase()];
    if (value === undefined) return undefined;
    return Array.isArray(value) ? value.join(', ') : String(value);
  };
}

/** @param {string} text @returns {unknown} */
function parseBody(text) {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
