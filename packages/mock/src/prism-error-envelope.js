import { STATUS_CODES } from 'node:http';
import { findOperation } from './operation-lookup.js';

const PRISM_ERROR_TYPE_PREFIX = 'https://stoplight.io/prism/errors#';

const violationMessages = (problem) => problem.validation.map((violation) => violation.message).join('; ');

/**
 * Prism's own refusals of an invalid request: the status the service gives the same refusal, and the
 * message that describes it without naming Prism. Prism's other problems are left alone on purpose:
 * NOT_FOUND answers a `Prefer` naming a status or example the spec lacks (a mistake in the test, not an
 * API answer); NOT_ACCEPTABLE and the 500s report a fault of the mock itself.
 */
const SERVICE_REFUSAL_BY_PRISM_ERROR = {
  // Prism says 422 when the operation documents no 400; the service reports validation failures as 400.
  UNPROCESSABLE_ENTITY: { status: 400, describe: violationMessages },
  UNAUTHORIZED: { status: 401, describe: () => 'Bearer token is missing or malformed' },
  NO_PATH_MATCHED_ERROR: { status: 404, describe: () => 'No operation exists at this path' },
  NO_METHOD_MATCHED_ERROR: { status: 405, describe: () => 'Method is not allowed on this path' },
  // Prism's detail names the media types the operation accepts.
  INVALID_CONTENT_TYPE: { status: 415, describe: (problem) => problem.detail },
};

/** Status of Prism's body parser when a JSON body does not parse (`{"error":{"code":"invalid_json"}}`). */
const BODY_PARSER_ERROR_STATUS = 400;

/**
 * @typedef {{ status: number, headers: Record<string, string | string[] | undefined>, body: unknown }} Answer
 * @typedef {import('@stoplight/types').IHttpOperation} Operation
 */

/**
 * Recognises one of Prism's own error answers to an invalid request.
 * @param {Answer} answer Prism's answer, body parsed as JSON.
 * @returns {{ status: number, message: string, violations: unknown[] } | undefined}
 *   The status the service would answer and what was wrong; undefined for any other answer.
 */
export function classifyPrismRefusal(answer) {
  const body = /** @type {any} */ (answer.body);
  if (!body || typeof body !== 'object') return undefined;
  if (typeof body.type === 'string' && body.type.startsWith(PRISM_ERROR_TYPE_PREFIX)) {
    const refusal = SERVICE_REFUSAL_BY_PRISM_ERROR[body.type.slice(PRISM_ERROR_TYPE_PREFIX.length)];
    if (!refusal) return undefined;
    const violations = Array.isArray(body.validation) ? body.validation : [];
    const message = refusal.describe({ ...body, validation: violations }) || body.title;
    return { status: refusal.status, message, violations };
  }
  const parserError = body.error;
  if (
    answer.status === BODY_PARSER_ERROR_STATUS &&
    parserError &&
    typeof parserError.code === 'string' &&
    !('code' in body)
  ) {
    return { status: BODY_PARSER_ERROR_STATUS, message: `Request body: ${parserError.message}`, violations: [] };
  }
  return undefined;
}

/**
 * The service's answer to a request Prism refused: the spec's own response and first named example
 * when the operation documents that status, else the error envelope built from Prism's findings (with
 * the `code` the spec uses for that status elsewhere).
 *
 * @param {Answer} answer Prism's answer, body parsed as JSON.
 * @param {{ method: string, path: string }} request
 * @param {Operation[]} operations Prism's view of the spec.
 * @returns {Answer | undefined} undefined when the answer is not one of Prism's refusals: pass it on untouched.
 */
export function serviceAnswerForPrismRefusal(answer, request, operations) {
  const refusal = classifyPrismRefusal(answer);
  if (!refusal) return undefined;
  const { status, message, violations } = refusal;

  // A 405 matches no operation by definition; the path's other operations document its 405.
  const operation = findOperation(operations, request.path, status === 405 ? undefined : request.method);
  const documented = operation && firstJsonExample(operation.responses.find((r) => r.code === String(status)));

  const headers = { ...answer.headers, 'content-type': 'application/json' };
  delete headers['content-length'];
  if (violations.length > 0) headers['sl-violations'] = JSON.stringify(violations);

  const body = documented ?? { code: errorCodeForStatus(status, operations), message };
  return { status, headers, body };
}

/** @param {Operation['responses'][number] | undefined} response */
function firstJsonExample(response) {
  const content = response?.contents?.find((c) => c.mediaType === 'application/json');
  const example = content?.examples?.find((e) => 'value' in e);
  return example ? example.value : undefined;
}

/**
 * The `code` the spec's examples give this status (the service's codes are status-flavoured), or the
 * status text in upper snake case when no example of the spec shows one.
 * @param {number} status
 * @param {Operation[]} operations
 */
function errorCodeForStatus(status, operations) {
  for (const operation of operations) {
    const value = firstJsonExample(operation.responses.find((r) => r.code === String(status)));
    if (value && typeof value === 'object' && typeof value.code === 'string') return value.code;
  }
  return (STATUS_CODES[status] ?? 'ERROR').toUpperCase().replace(/[^A-Z0-9]+/g, '_');
}
