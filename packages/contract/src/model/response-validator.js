import { parseMediaType } from './media-type.js';
import { mediaTypeEssence, responsePlan } from './response-plan.js';
import { bodyIssueViolation, markedBody } from './schema-issues.js';

/** Every error body has the envelope of section 7 of the interface document, documented status or not. */
export const ERROR_ENVELOPE_POINTER = '#/components/schemas/ErrorEnvelope';

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
 * @property {unknown} [value] the value `bodyText` was made from by `JSON.stringify`, when the caller has it (a server
 *   checking its own answer): checked in place of parsing `bodyText` again. Only for plain JSON data (objects,
 *   arrays, strings, finite numbers, booleans, null; no `toJSON`, no class instances), which is what parsing the
 *   text gives back
 */

/**
 * One way an answer breaks the contract, in the shape of a request's violation (`request-violation.js`): where, the
 * rule broken, and a sentence that reads whole.
 * @typedef {object} ResponseViolation
 * @property {'status' | 'header' | 'body'} location
 * @property {string} name the status (`418`), the header (`Content-Type` for the media type), or the place in the body
 *   (`questions/0/questionId`; `''`: the body)
 * @property {string} rule what was broken: `documented` (a status no response documents), `required` (a header),
 *   `media-type`, `json` (a body that does not parse), or a JSON Schema keyword (`required`, `type`, `format`)
 * @property {string} message a sentence naming it (`body/questions/0 must have required property 'questionId'`)
 * @property {string | undefined} expected what the contract wanted, when it says (`uuid`, `application/json`)
 */

/**
 * One way an answer breaks the contract.
 * @typedef {object} ResponseProblem
 * @property {'undocumented-status' | 'header' | 'media-type' | 'body'} kind
 * @property {string} message one line (a body's ends with a colon: its issues follow in `issues`)
 * @property {import('./schema-issues.js').SchemaIssue[]} [issues] for `body`: each place the schema refused
 * @property {ResponseViolation[]} violations the problem as violations: one, or one per issue of a body
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
export function validateResponse(document, validateAt, operation, { status, headers, bodyText, value }) {
  const header = headerReader(headers);
  const body = value === undefined ? parseBody(bodyText) : value;
  const documented = findDocumentedResponse(operation, status);
  if (!documented) {
    const statuses = operation.responses.map((r) => r.status).join(', ');
    const message = `status ${status} is not documented for ${operation.operationId} (documented: ${statuses})`;
    /** @type {ResponseProblem[]} */
    const problems = [undocumentedStatus(status, message, statuses)];
    if (status >= 400) problems.push(...envelopeProblems(validateAt, header('content-type'), bodyText, body));
    return { response: undefined, body, problems };
  }

  const plan = responsePlan(document, documented);
  /** @type {ResponseProblem[]} */
  const problems = [];
  for (const { name, required, schemaPointer, numeric } of plan.headers) {
    const value = header(name);
    if (value === undefined) {
      if (required) {
        const message = `required header ${name} is missing`;
        problems.push({ kind: 'header', message, violations: [violation('header', name, 'required', message)] });
      }
      continue;
    }
    if (!schemaPointer) continue;
    const issues = validateAt(schemaPointer, numeric ? Number(value) : value);
    if (issues.length > 0) {
      problems.push({
        kind: 'header',
        message: `header ${name}: "${value}" ${issues.map((i) => i.message).join('; ')}`,
        violations: issues.map((issue) =>
          violation('header', name, issue.keyword, `header ${name}: "${value}" ${issue.message}`, issue.expected),
        ),
      });
    }
  }

  const contentType = header('content-type');
  const mediaType = mediaTypeEssence(contentType);
  if (plan.mediaTypes.length === 0) {
    if (bodyText.length > 0) {
      const sent = mediaType || 'no content-type';
      const message = `status ${status} documents no body, got ${bodyText.length} bytes (${sent})`;
      problems.push(mediaTypeProblem(message, 'no body'));
    }
  } else if (!plan.mediaTypes.includes(mediaType)) {
    const documentedTypes = plan.mediaTypes.join(', ');
    const sent = contentType ?? '';
    const message = `content-type "${sent}" is not documented for status ${status} (documented: ${documentedTypes})`;
    problems.push(mediaTypeProblem(message, documentedTypes));
  } else {
    const schemaPointer = plan.jsonSchemaPointers.get(mediaType);
    if (schemaPointer) problems.push(...bodyProblems(validateAt, schemaPointer, bodyText, body));
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
    const message = `an error answer must be application/json, got ${contentType ?? 'no content-type'}`;
    return [mediaTypeProblem(message, 'application/json')];
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
    const message = `the body is not JSON: ${JSON.stringify(bodyText.slice(0, 200))}`;
    return [{ kind: 'body', message, violations: [violation('body', '', 'json', message, 'JSON')] }];
  }
  const issues = validateAt(schemaPointer, body);
  if (issues.length === 0) return [];
  const message = `the body does not match the schema of ${schemaPointer}:`;
  return [{ kind: 'body', message, issues, violations: issues.map(bodyIssueViolation) }];
}

/**
 * @param {ResponseViolation['location']} location
 * @param {string} name
 * @param {string} rule
 * @param {string} message
 * @param {string} [expected]
 * @returns {ResponseViolation}
 */
function violation(location, name, rule, message, expected) {
  return { location, name, rule, message, expected };
}

/**
 * An answer's status that no response of its operation documents.
 * @param {number} status
 * @param {string} message
 * @param {string | undefined} documented the statuses there are, for `expected`
 * @returns {ResponseProblem}
 */
export function undocumentedStatus(status, message, documented) {
  const violations = [violation('status', String(status), 'documented', message, documented)];
  return { kind: 'undocumented-status', message, violations };
}

/**
 * A media type the answer may not have: it is the Content-Type that breaks the contract, as for a request.
 * @param {string} message
 * @param {string} expected
 * @returns {ResponseProblem}
 */
function mediaTypeProblem(message, expected) {
  return {
    kind: 'media-type',
    message,
    violations: [violation('header', 'Content-Type', 'media-type', message, expected)],
  };
}

/**
 * @param {Answer['headers']} headers
 * @returns {(name: string) => string | undefined}
 */
function headerReader(headers) {
  // A Fetch `Headers` by its `get` (a record's values are no functions): naming the global would load Node's fetch.
  if (typeof headers.get === 'function') {
    const fetched = /** @type {Headers} */ (headers);
    return (name) => fetched.get(name) ?? undefined;
  }
  // A few names are read from a few headers: a scan costs less than a lower-cased copy of them all.
  // Names differing only in case: the last one counts, as it would in a lower-cased copy.
  const record = /** @type {Record<string, string | string[] | number | undefined>} */ (headers);
  return (name) => {
    const wanted = name.toLowerCase();
    /** @type {string | string[] | number | undefined} */
    let value;
    for (const key of Object.keys(record)) if (key.toLowerCase() === wanted) value = record[key];
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
