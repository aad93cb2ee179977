import { isErrorResponseKey } from '../lib/error-response-key.js';
import { operationLabel, visitPathOperations } from '../lib/path-operations.js';
import { isUnderPrefix } from '../lib/path-prefix.js';

/**
 * @typedef {import('../lib/visitor-types.js').OpenApiDocument} OpenApiDocument
 * @typedef {import('../lib/visitor-types.js').Visitor} Visitor
 * @typedef {import('../lib/visitor-types.js').VisitorContext} VisitorContext
 */

/** Section 4: "reads have 400, 401, 403, 404, 405, 429, 500". */
const READ_ERROR_STATUSES = ['400', '401', '403', '404', '405', '429', '500'];
/** Section 4: "operations with a body or a modifying verb add 415". */
const UNSUPPORTED_MEDIA_TYPE = '415';
/** Section 7: RFI writes answer 409 CONFLICT (variants RFI_NOT_OPEN, RFI_ITEM_ALREADY_APPROVED). */
const CONFLICT = '409';
const MODIFYING_METHODS = new Set(['put', 'post', 'delete', 'patch']);
const RFI_PREFIX = '/v1/rfi';

/**
 * `payments-connect/documented-error-set`: each operation documents exactly the error statuses the
 * interface document's section 4 rule gives its kind. Reads: 400, 401, 403, 404, 405, 429, 500; an
 * operation with a body or a modifying verb adds 415; an RFI write (modifying verb under `/v1/rfi`)
 * adds 409. Operations the document states as answering only their success status are listed in
 * the `successOnlyOperations` option (operationId → reason) and must document no error status.
 *
 * @param {{ successOnlyOperations?: Record<string, string> }} [options]
 * @returns {Visitor}
 */
export default function DocumentedErrorSet({ successOnlyOperations = {} } = {}) {
  /** @type {Set<string>} */
  const seenOperationIds = new Set();
  return {
    ...visitPathOperations((pathOperation) => {
      const { operation, ctx } = pathOperation;
      const label = operationLabel(pathOperation);
      const operationId = operation.operationId;
      if (typeof operationId === 'string') seenOperationIds.add(operationId);
      const documented = Object.keys(operation.responses ?? {}).filter(isErrorResponseKey);

      const exemptionKey = String(operationId);
      if (Object.hasOwn(successOnlyOperations, exemptionKey)) {
        for (const status of documented) {
          ctx.report({
            message:
              `${label} (${operationId}) documents only its success status ` +
              `(redocly.yaml: ${successOnlyOperations[exemptionKey]}), yet lists ${status}: ` +
              `remove the ${status} response or drop the exemption.`,
            location: ctx.location.child(['responses', status]).key(),
          });
        }
        return;
      }

      const { kind, statuses: expected } = expectedErrorStatuses(pathOperation);
      const missing = expected.filter((status) => !documented.includes(status));
      if (missing.length > 0) {
        ctx.report({
          message:
            `${label} is ${kind} and must document ${expected.join(', ')} (interface document, section 4): ` +
            `add ${missing.join(', ')}, each a $ref to the shared error response.`,
          location: ctx.location.child('responses').key(),
        });
      }
      for (const status of documented.filter((status) => !expected.includes(status))) {
        ctx.report({
          message:
            `${label} is ${kind}; ${status} is not among its documented errors (${expected.join(', ')}): ` +
            `remove the ${status} response.`,
          location: ctx.location.child(['responses', status]).key(),
        });
      }
    }),
    Root: {
      /**
       * @param {OpenApiDocument} _root
       * @param {VisitorContext} ctx
       */
      leave(_root, ctx) {
        for (const [operationId, reason] of Object.entries(successOnlyOperations)) {
          if (typeof reason !== 'string' || reason.trim() === '') {
            ctx.report({
              message:
                `The successOnlyOperations exemption of ${operationId} in redocly.yaml gives no reason: ` +
                'state which sentence of the interface document allows it.',
            });
          }
          if (!seenOperationIds.has(operationId)) {
            ctx.report({
              message:
                `redocly.yaml exempts operationId ${operationId} from the documented error set, ` +
                'but no operation has that id: remove it from successOnlyOperations or fix the id.',
            });
          }
        }
      },
    },
  };
}

/**
 * The error statuses section 4 gives an operation, and a phrase naming its kind for messages.
 * @param {import('../lib/path-operations.js').PathOperation} pathOperation
 * @returns {{ kind: string, statuses: string[] }}
 */
function expectedErrorStatuses({ path, method, operation }) {
  const modifies = MODIFYING_METHODS.has(method);
  if (modifies && isUnderPrefix(path, RFI_PREFIX)) {
    return { kind: 'an RFI write', statuses: sortStatuses([...READ_ERROR_STATUSES, UNSUPPORTED_MEDIA_TYPE, CONFLICT]) };
  }
  if (modifies || operation.requestBody !== undefined) {
    const kind = modifies ? 'a write (modifying verb)' : 'an operation with a request body';
    return { kind, statuses: sortStatuses([...READ_ERROR_STATUSES, UNSUPPORTED_MEDIA_TYPE]) };
  }
  return { kind: 'a read', statuses: READ_ERROR_STATUSES };
}

/**
 * Sorts in place, by number: the order messages list statuses in.
 * @param {string[]} statuses
 * @returns {string[]}
 */
function sortStatuses(statuses) {
  return statuses.sort((a, b) => Number(a) - Number(b));
}
