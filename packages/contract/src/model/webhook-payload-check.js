import { childPointer } from './json-pointer.js';
import { bodyIssueViolation } from './schema-issues.js';

/**
 * @typedef {import('./operations.js').ContractWebhook} ContractWebhook
 * @typedef {import('./response-validator.js').ResponseViolation} ResponseViolation
 */

/**
 * @typedef {object} WebhookVerdict what the contract says of a webhook payload a server is about to send
 * @property {string[]} errors one line each (`(root) must have required property 'signature'`); empty when it keeps
 *   the schema
 * @property {ResponseViolation[]} violations the same, as an answer's violations name them (place, rule, sentence)
 */

/**
 * The check of a webhook's payload against the JSON schema of the webhook of its kind (the webhook's name in the
 * spec, `v1.rfi.case.*`), as a server's answers are checked: the payload is what the service POSTs, so it is judged
 * as an answer body is. A kind the spec has no webhook of is one `documented` violation.
 * @param {ContractWebhook[]} webhooks
 * @param {(pointer: string, value: unknown) => import('./schema-issues.js').SchemaIssue[]} validateAt
 * @returns {(kind: string, payload: unknown) => WebhookVerdict}
 */
export function createWebhookPayloadCheck(webhooks, validateAt) {
  const pointers = new Map(
    webhooks.map(({ name, requestBody }) => [
      name,
      requestBody && childPointer(requestBody.pointer, 'content', 'application/json', 'schema'),
    ]),
  );
  return (kind, payload) => {
    const pointer = pointers.get(kind);
    if (!pointer) {
      const message = `no webhook ${kind} in the spec`;
      const violation = { location: /** @type {const} */ ('body'), name: '', rule: 'documented', message };
      return { errors: [message], violations: [{ ...violation, expected: undefined }] };
    }
    const issues = validateAt(pointer, payload);
    return {
      errors: issues.map((issue) => `${issue.path || '(root)'} ${issue.message}`),
      violations: issues.map(bodyIssueViolation),
    };
  };
}
