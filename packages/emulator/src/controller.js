import { RefusalError } from '@payments-connect/contract/server';
import { MAX_CONTROL_ITEMS } from './defaults.js';
import { EVENT_TYPES } from './event-bus.js';
import { UUID_PATTERN } from './random-source.js';
import { notFound, validationFailed } from './refusals.js';
import { ACCOUNT_IDS, OPEN_RFI_STATUS, RFI_CASE_STATUSES, TERMINAL_RFI_STATUSES } from './seed.js';

/** A status or mode of a payment request: the document's values are upper-case words (`HOSTED_PAGE`, `PART_PAID`). */
export const UPPER_CASE_WORD = /^[A-Z][A-Z_]{0,63}$/;
/** The longest text a control request may give an item. */
const MAX_TEXT_LENGTH = 2000;

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
 * @typedef {object} CreatePaymentRequestInput
 * @property {string} [accountId] owner (default: the primary account)
 * @property {string} [paymentRequestId] a random UUID when left out
 * @property {string} [executionMode] an upper-case word, default `HOSTED_PAGE`
 * @property {string} [status] an upper-case word, default `UNPAID`
 */

/**
 * @typedef {object} ControllerDeps
 * @property {import('./store.js').Store} store
 * @property {import('./token-issuer.js').TokenIssuer} tokens
 * @property {import('./event-bus.js').EventBus} events
 * @property {import('./fault-injector.js').FaultInjector} faults
 * @property {import('./emulator-clock.js').EmulatorClock} clock
 * @property {import('./tenant-registry.js').TenantRegistry} tenants
 * @property {import('./emulator-state.js').EmulatorStateKeeper} state
 * @property {import('./random-source.js').RandomSource} random
 */

/**
 * What tests may do that the API cannot: create tenants, put cases in given states, approve items, end cases,
 * expire tokens, inject faults, read delivered events, reset, save the whole state and restore it. The HTTP control
 * API and the programmatic `control` object both call this.
 * @param {ControllerDeps} deps
 */
export function createController({ store, tokens, events, faults, tenants, clock, state, random }) {
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
    // Terminal is final: nothing about a CLOSED or CANCELLED case changes, through the API or around it.
    if (TERMINAL_RFI_STATUSES.includes(record.status)) {
      throw new RefusalError(409, `RFI ${rfiId} is ${record.status}; a terminal case does not change`);
    }
    const idField = list === 'questions' ? 'questionId' : 'documentRequestId';
    const approved = store.update('rfiCases', rfiId, (draft) => {
      const item = draft[list].find((/** @type {any} */ i) => i[idField] === itemId);
      if (!item) throw notFound(`${idField} ${itemId} of RFI ${rfiId}`);
      item.approved = true;
      return draft;
    });
    events.emitRfiEvent(EVENT_TYPES.caseItemApproved, accountId, approved, {
      itemType: list === 'questions' ? 'question' : 'documentRequest',
      itemId,
    });
    return approved;
  }

  /**
   * @param {string} rfiId
   * @param {'CLOSED' | 'CANCELLED'} status
   */
  function end(rfiId, status) {
    const { record } = anyCase(rfiId);
    if (TERMINAL_RFI_STATUSES.includes(record.status))
      throw new RefusalError(409, `RFI ${rfiId} is already ${record.status}; terminal states are final`);
    // No event: the document says none fires for a terminal case, and after this the case is terminal.
    return store.update('rfiCases', rfiId, (draft) => Object.assign(draft, { status }));
  }

  /**
   * The id a control request gives a new record, checked, or a fresh one.
   * @param {unknown} id
   * @param {string} name
   */
  function checkNewId(id, name) {
    if (id === undefined) return random.uuid();
    if (typeof id !== 'string' || !UUID_PATTERN.test(id)) throw validationFailed(`${name} must be a UUID`);
    return id;
  }

  /**
   * @param {unknown} accountId
   * @returns {string | undefined}
   * @throws {RefusalError} 400 for an id that is no string, 404 for an account the emulator does not have
   */
  function knownAccount(accountId) {
    if (accountId === undefined) return undefined;
    if (typeof accountId !== 'string' || accountId === '') throw validationFailed('accountId must be a string');
    if (!store.account(accountId)) throw notFound(`account ${accountId}`);
    return accountId;
  }

  return {
    /**
     * Back to the start: the start-up seed restored, every other tenant dropped, events and faults cleared; issued
     * tokens stay valid.
     */
    reset() {
      tenants.resetAll();
      events.clear();
      faults.clear();
    },

    /**
     * A new tenant: the seed's accounts and records again under fresh ids, with credentials of its own.
     * @returns {import('./tenant-registry.js').Tenant}
     */
    createTenant: () => tenants.create(),
    /**
     * A tenant as `createTenant` described it (`default`: the start-up seed).
     * @param {string} tenantId
     */
    tenant: (tenantId) => tenants.describe(tenantId),
    /**
     * Restores one tenant's seed (same ids) and drops its events and the faults scoped to its accounts; other
     * tenants, its credentials and tokens stay as they are.
     * @param {string} tenantId
     */
    resetTenant(tenantId) {
      const accountIds = tenants.reset(tenantId);
      events.clear(accountIds);
      faults.clear(accountIds);
    },
    /**
     * Deletes a tenant: its accounts, records, credentials, events and the faults scoped to its accounts.
     * @param {string} tenantId
     */
    deleteTenant(tenantId) {
      const accountIds = tenants.remove(tenantId);
      events.clear(accountIds);
      faults.clear(accountIds);
    },

    /** @param {CreateRfiCaseInput} [input] */
    createRfiCase(input = {}) {
      const { accountId = ACCOUNT_IDS.primary, status = OPEN_RFI_STATUS, questions = 1, documentRequests = 1 } = input;
      if (!store.account(accountId)) throw notFound(`account ${accountId}`);
      if (!RFI_CASE_STATUSES.includes(/** @type {string} */ (status))) {
        throw validationFailed(`status must be one of ${RFI_CASE_STATUSES.join(', ')}, got ${JSON.stringify(status)}`);
      }
      const rfiId = checkNewId(input.rfiId, 'rfiId');
      if (store.findAnyAccount('rfiCases', rfiId)) throw new RefusalError(409, `RFI ${rfiId} already exists`);
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
     * @param {CreatePaymentRequestInput} [input]
     */
    createPaymentRequest(input = {}) {
      const { accountId = ACCOUNT_IDS.primary, executionMode = 'HOSTED_PAGE', status = 'UNPAID' } = input;
      if (!store.account(accountId)) throw notFound(`account ${accountId}`);
      for (const [name, value] of Object.entries({ executionMode, status })) {
        if (typeof value !== 'string' || !UPPER_CASE_WORD.test(value)) {
          const example = 'an upper-case word such as HOSTED_PAGE or UNPAID';
          throw validationFailed(`${name} must be ${example}, got ${JSON.stringify(value)}`);
        }
      }
      const paymentRequestId = checkNewId(input.paymentRequestId, 'paymentRequestId');
      if (store.findAnyAccount('paymentRequests', paymentRequestId))
        throw new RefusalError(409, `payment request ${paymentRequestId} already exists`);
      const sessionToken = `hps_${random.hex(16)}`;
      return store.put('paymentRequests', accountId, {
        paymentRequestId,
        executionMode,
        status,
        amount: { value: '100.00', currency: 'GBP' },
        sessionToken,
      });
    },

    /** What the emulator's clock says: its time, and how far it has been moved. */
    clock: () => clock.describe(),
    /**
     * Moves the emulator's clock forward: tokens expire by it, a refreshed session lasts an hour of it, events carry
     * its time.
     * @param {number} seconds
     */
    advanceClock: (seconds) => clock.advance(seconds),

    /**
     * Expires one token (a string, or `{ token }`), the tokens issued for a tenant's credentials (`{ tenantId }`), or
     * every issued token when none is named.
     * @param {string | import('./token-issuer.js').TokenScope} [scope]
     */
    expireTokens: (scope = {}) => {
      if (scope === null || (typeof scope !== 'string' && typeof scope !== 'object'))
        throw validationFailed('expireTokens takes a token or { token?, tenantId? }');
      const { token, tenantId } = typeof scope === 'string' ? { token: scope } : scope;
      if (token !== undefined && typeof token !== 'string') throw validationFailed('token must be a string');
      if (tenantId !== undefined) {
        if (typeof tenantId !== 'string') throw validationFailed('tenantId must be a string');
        tenants.describe(tenantId);
      }
      return { expired: tokens.expire({ token, tenantId }) };
    },

    /**
     * @param {import('./fault-injector.js').FaultSpec} fault
     * @returns {import('./fault-injector.js').Fault} the fault as `faults()` lists it
     */
    injectFault(fault) {
      knownAccount(fault.accountId);
      const added = faults.add(fault);
      if ('problem' in added) throw validationFailed(added.problem);
      return added.fault;
    },
    /**
     * The faults still pending, with the calls each still answers; with an account, those scoped to it.
     * @param {string} [accountId]
     */
    faults: (accountId) => faults.list(accountId),
    /**
     * Drops every pending fault, or those scoped to an account.
     * @param {string} [accountId]
     */
    clearFaults: (accountId) => faults.clear(accountId === undefined ? undefined : [accountId]),
    /**
     * Every event emitted since start or the last reset, with its delivery state; with an account, its events.
     * @param {string} [accountId]
     */
    events: (accountId) => events.list(accountId),
    /**
     * Forgets every recorded event, or those of an account.
     * @param {string} [accountId]
     */
    clearEvents: (accountId) => events.clear(accountId === undefined ? undefined : [accountId]),
    /** Resolves once every webhook delivery started so far has finished. */
    settleEvents: () => events.settled(),

    /**
     * A snapshot of the whole state (tenants, accounts, records, tokens, events, pending faults, the clock's advance),
     * once every webhook delivery under way has finished. The request journal is not in it: it records requests, not
     * state.
     * @returns {Promise<import('./state-snapshot.js').EmulatorState>}
     */
    async state() {
      await events.settled();
      return state.take();
    },
    /**
     * Replaces the whole state with a snapshot's (what `state()` gave, here or in another emulator), once it is
     * checked whole: a snapshot refused changes nothing.
     * @param {unknown} snapshot
     * @returns {import('./emulator-state.js').StateRestored}
     * @throws {RefusalError} 400 naming the problem and where in the snapshot it is (`details`: `{ at, problem }`)
     */
    restoreState: (snapshot) => state.restore(snapshot),
  };
}

/** @typedef {ReturnType<typeof createController>} Controller */

/**
 * @param {number | RfiItemInput[]} spec
 * @param {string} name
 * @returns {RfiItemInput[]}
 */
function itemsOf(spec, name) {
  const count = Array.isArray(spec) ? spec.length : spec;
  if (
    !Number.isInteger(count) ||
    /** @type {number} */ (count) < 0 ||
    /** @type {number} */ (count) > MAX_CONTROL_ITEMS
  ) {
    throw validationFailed(`${name} must be a count or a list of at most ${MAX_CONTROL_ITEMS} items`);
  }
  if (!Array.isArray(spec)) return Array.from({ length: /** @type {number} */ (spec) }, () => ({}));
  for (const [index, item] of spec.entries()) {
    if (!item || typeof item !== 'object' || Array.isArray(item))
      throw validationFailed(`${name}[${index}] must be an object`);
    for (const field of /** @type {const} */ (['text', 'answer'])) {
      const value = item[field];
      if (value !== undefined && (typeof value !== 'string' || value.length > MAX_TEXT_LENGTH)) {
        throw validationFailed(`${name}[${index}].${field} must be a string of at most ${MAX_TEXT_LENGTH} characters`);
      }
    }
    if (item.approved !== undefined && typeof item.approved !== 'boolean') {
      throw validationFailed(`${name}[${index}].approved must be true or false`);
    }
  }
  return spec;
}
