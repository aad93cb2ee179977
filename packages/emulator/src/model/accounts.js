/** The account itself: its submission for review, its business profile, the webhook its tenant's events go to. */
import { RefusalError } from '@payments-connect/contract/control';

/** Stable id of the one webhook the emulator reports when its tenant's events go somewhere. */
const CONFIGURED_WEBHOOK_ID = 'c0ffee00-0000-4000-8000-00000000e001';

/** The account statuses the emulator moves between: the document names submission, not the statuses. */
const ACCOUNT_STATUS = Object.freeze({ submitted: 'SUBMITTED' });

/** @typedef {import('../tenant-worlds.js').TenantWorld} TenantWorld */

export const accounts = {
  /** @param {TenantWorld} world @param {string} accountId Submits it; again: confirmed, the first time kept. */
  submit(world, accountId) {
    const { account } = /** @type {import('../store.js').AccountEntry} */ (world.store.account(accountId));
    if (account.status === ACCOUNT_STATUS.submitted) return account;
    const submittedAt = new Date(world.now()).toISOString();
    return world.store.updateAccount(accountId, (draft) =>
      Object.assign(draft, { status: ACCOUNT_STATUS.submitted, submittedAt }),
    );
  },

  /** @param {TenantWorld} world @param {string} accountId Its business profile: an individual has none (403). */
  businessProfile(world, accountId) {
    const { businessProfile } = /** @type {import('../store.js').AccountEntry} */ (world.store.account(accountId));
    if (!businessProfile) throw new RefusalError(403, `account ${accountId} is not a business account`);
    return businessProfile;
  },

  /**
   * The webhooks of the account: the one its tenant's events are POSTed to, if they go anywhere.
   * @param {TenantWorld} world
   */
  webhooks(world) {
    const url = world.webhookUrl();
    const eventTypes = ['v1.rfi.case.*', 'v1.rfi.document.*'];
    return { items: url ? [{ webhookId: CONFIGURED_WEBHOOK_ID, url, eventTypes }] : [] };
  },
};
