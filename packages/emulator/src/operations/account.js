import { RefusalError } from '@payments-connect/contract/server';
import { isoNow, ok } from './context.js';

/** Stable id of the one webhook the emulator reports when a webhook URL is configured. */
const CONFIGURED_WEBHOOK_ID = 'c0ffee00-0000-4000-8000-00000000e001';

/** The account itself: submission for review, business profile, webhook list. */
export const accountHandlers = {
  /** @type {import('./context.js').OperationHandler} */
  submitAccount: ({ store, account, now }) => {
    const record = /** @type {NonNullable<typeof account>} */ (account).account;
    // A second submission confirms again and keeps the first submission time.
    if (record.status === 'SUBMITTED') return ok(record);
    return ok(
      store.updateAccount(record.accountId, (draft) =>
        Object.assign(draft, { status: 'SUBMITTED', submittedAt: isoNow(now) }),
      ),
    );
  },

  /** @type {import('./context.js').OperationHandler} */
  getBusinessProfile: ({ account }) => {
    const { businessProfile, account: record } = /** @type {NonNullable<typeof account>} */ (account);
    if (!businessProfile) throw new RefusalError(403, `account ${record.accountId} is not a business account`);
    return ok(businessProfile);
  },

  /** @type {import('./context.js').OperationHandler} */
  listWebhooks: ({ config }) =>
    ok({
      items: config.webhookUrl
        ? [
            {
              webhookId: CONFIGURED_WEBHOOK_ID,
              url: config.webhookUrl,
              eventTypes: ['v1.rfi.case.*', 'v1.rfi.document.*'],
            },
          ]
        : [],
    }),
};
