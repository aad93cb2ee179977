import { operationParameters } from '../lib/operation-parameters.js';
import { operationLabel, visitPathOperations } from '../lib/path-operations.js';
import { isUnderPrefix } from '../lib/path-prefix.js';
import { createReportOnce } from '../lib/report-once.js';

/**
 * @typedef {import('../lib/visitor-types.js').Location} Location
 * @typedef {import('../lib/visitor-types.js').Parameter} Parameter
 * @typedef {import('../lib/visitor-types.js').Visitor} Visitor
 * @typedef {import('../lib/visitor-types.js').VisitorContext} VisitorContext
 */

/** The header that selects the account (interface document, sections 4 and 5). */
const ACCOUNT_ID_HEADER = 'AccountId';
/** Operations under this prefix act on an account; the token path carries no prefix and no account. */
const VERSIONED_PREFIX = '/v1';

/**
 * `payments-connect/account-id-on-v1`: every `/v1` operation takes the required header parameter
 * `AccountId` (string), at path or operation level; operations outside `/v1` (the token) take none.
 * @returns {Visitor}
 */
export default function AccountIdOnV1() {
  const reportOnce = createReportOnce();
  return visitPathOperations((pathOperation) => {
    const { path, ctx } = pathOperation;
    const label = operationLabel(pathOperation);
    const accountIds = operationParameters(pathOperation).filter(
      ({ parameter }) => String(parameter.name).toLowerCase() === ACCOUNT_ID_HEADER.toLowerCase(),
    );

    if (!isUnderPrefix(path, VERSIONED_PREFIX)) {
      for (const { usedAt } of accountIds) {
        reportOnce(ctx, {
          message:
            `${path} is outside ${VERSIONED_PREFIX} and takes no account context ` +
            `(the token operation issues credentials): remove the ${ACCOUNT_ID_HEADER} parameter.`,
          location: usedAt,
        });
      }
      return;
    }

    if (accountIds.length === 0) {
      reportOnce(ctx, {
        message:
          `${label} lacks the required header parameter ${ACCOUNT_ID_HEADER}: add it to the parameters of the ` +
          `path (or of the operation), with an example of each name the operation's examples use.`,
        location: ctx.location.key(),
      });
      return;
    }

    for (const { parameter, usedAt, definedAt } of accountIds) {
      const fixes = accountIdFixes(parameter, definedAt, ctx);
      if (fixes.length === 0) continue;
      reportOnce(ctx, {
        message:
          `The ${ACCOUNT_ID_HEADER} parameter of ${path} must be a required string header named exactly ` +
          `${ACCOUNT_ID_HEADER}: ${fixes.join('; ')}.`,
        location: usedAt,
      });
    }
  });
}

/**
 * What to change so that `parameter` is the AccountId header the interface document asks for.
 * @param {Parameter} parameter
 * @param {Location} definedAt where the Parameter object is, which its schema `$ref` is relative to
 * @param {VisitorContext} ctx
 * @returns {string[]} empty when it is right
 */
function accountIdFixes(parameter, definedAt, ctx) {
  /** @type {string[]} */
  const fixes = [];
  if (parameter.name !== ACCOUNT_ID_HEADER) fixes.push(`rename "${parameter.name}" to "${ACCOUNT_ID_HEADER}"`);
  if (parameter.in !== 'header') fixes.push(`set in: header (found in: ${parameter.in})`);
  if (parameter.required !== true) fixes.push('set required: true');
  // A schema $ref is relative to the file that defines the parameter, not to the operation's file.
  const schema =
    parameter.schema === undefined ? undefined : ctx.resolve(parameter.schema, definedAt.source.absoluteRef).node;
  if (schema?.type !== 'string') fixes.push('give it schema type: string');
  return fixes;
}
