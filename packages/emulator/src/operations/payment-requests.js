import { HOSTED_SESSION_WINDOW_SECONDS } from '../defaults.js';
import { notFound, validationFailed } from '../refusals.js';
import { isoNow, ok } from './context.js';

/** The document allows refresh-session only for this execution mode... */
const REFRESHABLE_MODE = 'HOSTED_PAGE';
/** ...and only in these statuses. */
const REFRESHABLE_STATUSES = ['UNPAID', 'PART_PAID'];

/** @param {import('./context.js').OperationContext} ctx */
function paymentRequestOf({ store, accountId, params }) {
  const record = store.find('paymentRequests', accountId, params.paymentRequestId);
  if (!record) throw notFound(`payment request ${params.paymentRequestId}`);
  return record;
}

/** Session refresh and the sandbox-only preview logo of payment requests. */
export const paymentRequestHandlers = {
  /** @type {import('./context.js').OperationHandler} */
  refreshPaymentRequestSession: (ctx) => {
    const record = paymentRequestOf(ctx);
    // The two conditions the document states, each with the message of its example in the spec.
    const details = { executionMode: record.executionMode, status: record.status };
    if (record.executionMode !== REFRESHABLE_MODE) {
      throw validationFailed(
        `Payment request ${record.paymentRequestId} is not a ${REFRESHABLE_MODE} request: ` +
          'its session cannot be refreshed',
        details,
      );
    }
    if (!REFRESHABLE_STATUSES.includes(record.status)) {
      throw validationFailed(
        `Payment request ${record.paymentRequestId} is not ${REFRESHABLE_STATUSES.join(' or ')}: ` +
          'its session cannot be refreshed',
        details,
      );
    }
    // The status is left as it is: the document says refresh-session changes only the session.
    const session = {
      sessionToken: `hps_${ctx.random.hex(16)}`,
      sessionExpiresAt: new Date(ctx.now() + HOSTED_SESSION_WINDOW_SECONDS * 1000).toISOString(),
    };
    return ok(ctx.store.update('paymentRequests', record.paymentRequestId, (draft) => Object.assign(draft, session)));
  },

  /** @type {import('./context.js').OperationHandler} */
  uploadPaymentRequestPreviewLogo: (ctx) => {
    const { paymentRequestId } = paymentRequestOf(ctx);
    const previewLogoOverride = { logoId: ctx.random.uuid(), ...ctx.parts.logo, uploadedAt: isoNow(ctx.now) };
    ctx.store.update('paymentRequests', paymentRequestId, (draft) => Object.assign(draft, { previewLogoOverride }));
    return ok({ paymentRequestId, previewLogoOverride });
  },

  /** @type {import('./context.js').OperationHandler} */
  deletePaymentRequestPreviewLogo: (ctx) => {
    ctx.store.update('paymentRequests', paymentRequestOf(ctx).paymentRequestId, (draft) => {
      delete draft.previewLogoOverride;
    });
    return { status: 200 };
  },
};
