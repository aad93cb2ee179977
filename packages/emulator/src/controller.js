import { randomUUID } from 'node:crypto';
import { ApiError, notFound, validationFailed } from './api-error.js';
import { EVENT_TYPES } from './event-bus.js';
import { ACCOUNT_IDS, OPEN_RFI_STATUS, TERMINAL_RFI_STATUSES } from './seed.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * @typedef {object} RfiItemInput
 * @property {string} [id] the item's id (a random UUID when left out)
 * @property {string} [text] question text or document request description
 * @property {string} [answer] questions only: an answer already given
 * @property {boolean} [approved] approved items are locked
 */

/**
 * @typedef {object} CreateRfiCaseInput
 * @property {string} [accountId] owner (default: the primary account)
 * @property {string} [rfiId] a random UUID when left out
 * @property {string} [status] default OPEN (the emulator's own open status); CLOSED and CANCELLED are terminal
 * @property {number | RfiItemInput[]} [questions] a count or the items (default 1)
 * @property {number | RfiItemInput[]} [documentRequests] a count or the items (default 1)
 */

/**
 * What tests may do that the API cannot: put cases in given states, approve items, end cases,
 * expire tokens, inject faults, read delivered events, reset. The HTTP control API and the
 * programmatic `control` object both call this.
 * @param {{ store: import('./store.js').Store, tokens: import('./token-issuer.js').TokenIssuer, events: import('./event-bus.js').EventBus, faults: import('./fault-injector.js').FaultInjector }} deps
 */
export function createController({ store, tokens, events, faults }) {
  /** @param {string} rfiId */
  function anyCase(rfiId) {
    const entry = store.findAnyAccount('rfiCases', rfiId);
    if (!entry) throw notFound(`RFI ${rfiId}`);
    return entry;
  }

  /**
   * @param {string} rfiId
   * @param {'questions' | 'documentRequests'} list
   * @param {string} itemId
   */
  function approve(rfiId, list, itemId) {
    const { accountId, record } = anyCase(rfiId);
    const idField = list === 'questions' ? 'questionId' : 'documentRequestId';
    const item = record[list].find((/** @type {any} */ i) => i[idField] === itemId);
    if (!item) throw notFound(`${idField} ${itemId} of RFI ${rfiId}`);
    item.approved = true;
    events.emitRfiEvent(EVENT_TYPES.caseItemApproved, accountId, record, {
      itemType: list === 'questions' ? 'question' : 'documentRequest',
      itemId,
    });
    return record;
  }

  /**
   * @param {string} rfiId
   * @param {'CLOSED' | 'CANCELLED'} status
   */
  function end(rfiId, status) {
    const { record } = anyCase(rfiId);
    if (TERMINAL_RFI_STATUSES.includes(record.status))
      throw new ApiError(409, `RFI ${rfiId} is already ${record.status}; terminal states are final`);
    // No event: the document says none fires for a terminal case, and after this the case is terminal.
    record.status = status;
    return record;
  }

  return {
    /** Restores the seed data, clears events and faults; issued tokens stay valid. */
    reset() {
      store.reset();
      events.clear();
      faults.clear();
    },

    /** @param {CreateRfiCaseInput} [input] */
    createRfiCase(input = {}) {
      const { accountId = ACCOUNT_IDS.primary, status = OPEN_RFI_STATUS, questions = 1, documentRequests = 1 } = input;
      if (!store.account(accountId)) throw notFound(`account ${accountId}`);
      if (typeof status !== 'string' || status.trim() === '')
        throw validationFailed('status must be a non-empty string');
      const rfiId = checkNewId(input.rfiId, 'rfiId');
      if (store.findAnyAccount('rfiCases', rfiId)) throw new ApiError(409, `RFI ${rfiId} already exists`);
      const record = {
        rfiId,
        status,
        questions: itemsOf(questions, 'questions').map((q, i) => ({
          questionId: checkNewId(q.id, `questions[${i}].id`),
          text: q.text ?? `Question ${i + 1}`,
          ...(q.answer === undefined ? {} : { answer: String(q.answer) }),
          approved: q.approved === true,
        })),
        documentRequests: itemsOf(documentRequests, 'documentRequests').map((d, i) => ({
          documentRequestId: checkNewId(d.id, `documentRequests[${i}].id`),
          description: d.text ?? `Document ${i + 1}`,
          approved: d.approved === true,
        })),
      };
      store.put('rfiCases', accountId, record);
      events.emitRfiEvent(EVENT_TYPES.caseCreated, accountId, record);
      return record;
    },

    /** @param {string} rfiId @param {string} questionId */
    approveQuestion: (rfiId, questionId) => approve(rfiId, 'questions', questionId),
    /** @param {string} rfiId @param {string} documentRequestId */
    approveDocumentRequest: (rfiId, documentRequestId) => approve(rfiId, 'documentRequests', documentRequestId),
    /** @param {string} rfiId */
    closeRfiCase: (rfiId) => end(rfiId, 'CLOSED'),
    /** @param {string} rfiId */
    cancelRfiCase: (rfiId) => end(rfiId, 'CANCELLED'),

    /**
     * Adds a payment request in any execution mode and status, e.g. to see refresh-session refuse it.
     * @param {{ accountId?: string, paymentRequestId?: string, executionMode?: string, status?: string }} [input]
     */
    createPaymentRequest(input = {}) {
      const { accountId = ACCOUNT_IDS.primary, executionMode = 'HOSTED_PAGE', status = 'UNPAID' } = input;
      if (!store.account(accountId)) throw notFound(`account ${accountId}`);
      if (typeof executionMode !== 'string' || typeof status !== 'string')
        throw validationFailed('executionMode and status must be strings');
      const paymentRequestId = checkNewId(input.paymentRequestId, 'paymentRequestId');
      if (store.findAnyAccount('paymentRequests', paymentRequestId))
        throw new ApiError(409, `payment request ${paymentRequestId} already exists`);
      const sessionToken = `hps_${randomUUID().replaceAll('-', '')}`;
      return store.put('paymentRequests', accountId, {
        paymentRequestId,
        executionMode,
        status,
        amount: { value: '100.00', currency: 'GBP' },
        sessionToken,
      });
    },

    /**
     * Expires one token, or every issued token when none is named.
     * @param {string} [token]
     */
    expireTokens: (token) => ({ expired: tokens.expire(token) }),

    /** @param {import('./fault-injector.js').FaultSpec} fault */
    injectFault(fault) {
      const refusal = faults.add(fault);
      if (refusal) throw validationFailed(refusal);
    },
    clearFaults: () => faults.clear(),
    /** Every event emitted since start or the last reset, with its delivery state. */
    events: () => events.list(),
    clearEvents: () => events.clear(),
    /** Resolves once every webhook delivery started so far has finished. */
    settleEvents: () => events.settled(),
  };
}

/** @typedef {ReturnType<typeof createController>} Controller */

/**
 * @param {unknown} id
 * @param {string} name
 */
function checkNewId(id, name) {
  if (id === undefined) return randomUUID();
  if (typeof id !== 'string' || !UUID.test(id)) throw validationFailed(`${name} must be a UUID`);
  return id;
}

/**
 * @param {number | RfiItemInput[]} spec
 * @param {string} name
 * @returns {RfiItemInput[]}
 */
function itemsOf(spec, name) {
  if (Number.isInteger(spec) && /** @type {number} */ (spec) >= 0)
    return Array.from({ length: /** @type {number} */ (spec) }, () => ({}));
  if (Array.isArray(spec) && spec.every((item) => item && typeof item === 'object')) return spec;
  throw validationFailed(`${name} must be a count or an array of items`);
}
