/**
 * The payment request: what refresh-session may refresh, the sandbox's preview logo, and the requests the control API
 * adds in any mode and status.
 */
import { conflict, newId, notFound, validationFailed } from '../refusals.js';

/** The document fixes the refreshed hosted payment session at one hour. */
export const HOSTED_SESSION_WINDOW_SECONDS = 3600;

/** The document allows refresh-session only for this execution mode... */
const REFRESHABLE_MODE = 'HOSTED_PAGE';
/** ...and only in these statuses. */
const REFRESHABLE_STATUSES = ['UNPAID', 'PART_PAID'];

/** A status or mode of a payment request: the document's values are upper-case words (`HOSTED_PAGE`, `PART_PAID`). */
const UPPER_CASE_WORD = /^[A-Z][A-Z_]{0,63}$/;

/**
 * @typedef {import('../tenant-worlds.js').TenantWorld} TenantWorld
 */

/**
 * @typedef {object} CreatePaymentRequestInput
 * @property {string} [accountId] owner (default: the primary account)
 * @property {string} [paymentRequestId] a random UUID when left out
 * @property {string} [executionMode] an upper-case word, default `HOSTED_PAGE`
 * @property {string} [status] an upper-case word, default `UNPAID`
 */

/**
 * The account's payment request, or 404.
 * @param {TenantWorld} world
 * @param {string} accountId
 * @param {string} paymentRequestId
 * @returns {Record<string, any>}
 */
function requestOf(world, accountId, paymentRequestId) {
  const record = world.store.find('paymentRequests', accountId, paymentRequestId);
  if (!record) throw notFound(`payment request ${paymentRequestId}`);
  return record;
}

/** Every transition of a payment request the emulator knows. */
export const paymentRequests = {
  /**
   * A new hosted session, an hour of the tenant's clock: only for a hosted request not yet paid (each condition the
   * document states refused with the message of its example in the spec). The status is left as it is.
   * @param {TenantWorld} world
   * @param {string} accountId
   * @param {string} paymentRequestId
   */
  refreshSession(world, accountId, paymentRequestId) {
    const { executionMode, status } = requestOf(world, accountId, paymentRequestId);
    const cannot = `Payment request ${paymentRequestId} is not`;
    if (executionMode !== REFRESHABLE_MODE) {
      throw validationFailed(`${cannot} a ${REFRESHABLE_MODE} request: its session cannot be refreshed`, {
        executionMode,
        status,
      });
    }
    if (!REFRESHABLE_STATUSES.includes(status)) {
      throw validationFailed(`${cannot} ${REFRESHABLE_STATUSES.join(' or ')}: its session cannot be refreshed`, {
        executionMode,
        status,
      });
    }
    const session = {
      sessionToken: `hps_${world.random.hex(16)}`,
      sessionExpiresAt: new Date(world.now() + HOSTED_SESSION_WINDOW_SECONDS * 1000).toISOString(),
    };
    return world.store.update('paymentRequests', paymentRequestId, (draft) => Object.assign(draft, session));
  },

  /**
   * Keeps a logo override, shown on the request as `previewLogoOverride` (replaced by the next one).
   * @param {TenantWorld} world
   * @param {string} accountId
   * @param {string} paymentRequestId
   * @param {Record<string, unknown>} logo what the upload says of the file
   */
  uploadPreviewLogo(world, accountId, paymentRequestId, logo) {
    requestOf(world, accountId, paymentRequestId);
    const uploadedAt = new Date(world.now()).toISOString();
    const previewLogoOverride = { logoId: world.random.uuid(), ...logo, uploadedAt };
    world.store.update('paymentRequests', paymentRequestId, (draft) => Object.assign(draft, { previewLogoOverride }));
    return { paymentRequestId, previewLogoOverride };
  },

  /**
   * Removes the logo override, if there is one.
   * @param {TenantWorld} world
   * @param {string} accountId
   * @param {string} paymentRequestId
   */
  deletePreviewLogo(world, accountId, paymentRequestId) {
    requestOf(world, accountId, paymentRequestId);
    world.store.update('paymentRequests', paymentRequestId, (draft) => {
      delete draft.previewLogoOverride;
    });
  },

  /**
   * A payment request in any execution mode and status (the control API's), e.g. to see refresh-session refuse it.
   * @param {TenantWorld} world
   * @param {string} accountId an account of the world
   * @param {CreatePaymentRequestInput} input
   */
  create(world, accountId, input) {
    const { executionMode = REFRESHABLE_MODE, status = REFRESHABLE_STATUSES[0] } = input;
    for (const [name, value] of Object.entries({ executionMode, status })) {
      if (typeof value !== 'string' || !UPPER_CASE_WORD.test(value)) {
        const example = 'an upper-case word such as HOSTED_PAGE or UNPAID';
        throw validationFailed(`${name} must be ${example}, got ${JSON.stringify(value)}`);
      }
    }
    const paymentRequestId = newId(input.paymentRequestId, 'paymentRequestId', world.random);
    if (world.isTaken('paymentRequests', paymentRequestId))
      throw conflict(`payment request ${paymentRequestId} already exists`);
    const sessionToken = `hps_${world.random.hex(16)}`;
    const record = {
      paymentRequestId,
      executionMode,
      status,
      amount: { value: '100.00', currency: 'GBP' },
      sessionToken,
    };
    return world.store.put('paymentRequests', accountId, record);
  },
};
