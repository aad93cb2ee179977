// The payment request: what refresh-session may refresh, the preview logo, and those the control API adds at will.
import { conflict, newId, notFound, validationFailed } from '../refusals.js';

/** The document fixes the refreshed hosted payment session at one hour. */
export const HOSTED_SESSION_WINDOW_SECONDS = 3600;
/** The document allows refresh-session only for this execution mode, and only in these statuses. */
const REFRESHABLE = Object.freeze({ mode: 'HOSTED_PAGE', statuses: ['UNPAID', 'PART_PAID'] });
/** A status or mode of a payment request: the document's values are upper-case words (`HOSTED_PAGE`, `PART_PAID`). */
const UPPER_CASE_WORD = /^[A-Z][A-Z_]{0,63}$/;

/** @typedef {import('../tenant-worlds.js').TenantWorld} TenantWorld */
/** @typedef {import('../store.js').Records['paymentRequests']} PaymentRequest */
/**
 * @typedef {object} CreatePaymentRequestInput
 * @property {string} [accountId] owner (default: the primary account)
 * @property {string} [paymentRequestId] a random UUID when left out
 * @property {string} [executionMode] an upper-case word, default `HOSTED_PAGE`
 * @property {string} [status] an upper-case word, default `UNPAID`
 */

/**
 * The account's payment request, or 404.
 * @param {TenantWorld} world @param {string} accountId @param {string} id @returns {PaymentRequest}
 */
function requestOf(world, accountId, id) {
  const record = world.store.find('paymentRequests', accountId, id);
  if (!record) throw notFound(`payment request ${id}`);
  return record;
}

/** Every transition of a payment request the emulator knows. */
export const paymentRequests = {
  /**
   * A new hosted session, an hour of the tenant's clock: only for a hosted request not yet paid, each condition the
   * document states refused with the message of its example in the spec. The status is left as it is.
   * @param {TenantWorld} world @param {string} accountId @param {string} id
   */
  refreshSession(world, accountId, id) {
    const { executionMode, status } = requestOf(world, accountId, id);
    const cannot = (/** @type {string} */ what) =>
      validationFailed(`Payment request ${id} is not ${what}: its session cannot be refreshed`, {
        executionMode,
        status,
      });
    if (executionMode !== REFRESHABLE.mode) throw cannot(`a ${REFRESHABLE.mode} request`);
    if (!REFRESHABLE.statuses.includes(String(status))) throw cannot(REFRESHABLE.statuses.join(' or '));
    const sessionExpiresAt = new Date(world.now() + HOSTED_SESSION_WINDOW_SECONDS * 1000).toISOString();
    const session = { sessionToken: `hps_${world.random.hex(16)}`, sessionExpiresAt };
    return world.store.update('paymentRequests', id, (draft) => Object.assign(draft, session));
  },

  /**
   * Keeps a logo override, shown on the request as `previewLogoOverride` (replaced by the next one).
   * @param {TenantWorld} world @param {string} accountId @param {string} id
   * @param {Record<string, unknown>} logo what the upload says of the file
   */
  uploadPreviewLogo(world, accountId, id, logo) {
    requestOf(world, accountId, id);
    const previewLogoOverride = {
      logoId: world.random.uuid(),
      ...logo,
      uploadedAt: new Date(world.now()).toISOString(),
    };
    world.store.update('paymentRequests', id, (draft) => Object.assign(draft, { previewLogoOverride }));
    return { paymentRequestId: id, previewLogoOverride };
  },

  /** @param {TenantWorld} world @param {string} accountId @param {string} id Removes the logo override, if any. */
  deletePreviewLogo(world, accountId, id) {
    requestOf(world, accountId, id);
    world.store.update('paymentRequests', id, (draft) => {
      delete draft.previewLogoOverride;
    });
  },

  /**
   * A payment request in any execution mode and status (the control API's), e.g. to see refresh-session refuse it.
   * @param {TenantWorld} world @param {string} accountId an account of the world
   * @param {CreatePaymentRequestInput} input
   */
  create(world, accountId, input) {
    const { executionMode = REFRESHABLE.mode, status = REFRESHABLE.statuses[0] } = input;
    for (const [name, value] of Object.entries({ executionMode, status })) {
      if (typeof value !== 'string' || !UPPER_CASE_WORD.test(value)) {
        const expected = 'an upper-case word such as HOSTED_PAGE or UNPAID';
        throw validationFailed(`${name} must be ${expected}, got ${JSON.stringify(value)}`);
      }
    }
    const paymentRequestId = newId(input.paymentRequestId, 'paymentRequestId', world.random);
    if (world.isTaken('paymentRequests', paymentRequestId))
      throw conflict(`payment request ${paymentRequestId} already exists`);
    const amount = { value: '100.00', currency: 'GBP' };
    /** @type {PaymentRequest} */
    const record = { paymentRequestId, executionMode, status, amount, sessionToken: `hps_${world.random.hex(16)}` };
    return world.store.put('paymentRequests', accountId, record);
  },
};
