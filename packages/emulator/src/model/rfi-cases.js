// The RFI case: its statuses, and every transition with its refusals, for the API's handlers and the control API alike.
// What a closed case may do is answered here, and only here: nothing.
import { MAX_CONTROL_ITEMS } from '../defaults.js';
import { EVENT_TYPES } from '../event-log.js';
import { conflict, newId, notFound, validationFailed } from '../refusals.js';

/**
 * The statuses of a case. The document names the terminal ones, CLOSED and CANCELLED; the open one is the contract's
 * designed-here value of `RfiCaseStatus`, since the document names none.
 */
export const RFI_STATUS = Object.freeze({ open: 'OPEN', closed: 'CLOSED', cancelled: 'CANCELLED' });
/** The status of a case that is not terminal; the terminal ones (a case in one never changes again); all of them. */
export const OPEN_RFI_STATUS = RFI_STATUS.open;
export const TERMINAL_RFI_STATUSES = Object.freeze([RFI_STATUS.closed, RFI_STATUS.cancelled]);
export const RFI_CASE_STATUSES = Object.freeze(Object.values(RFI_STATUS));

/** The two 409 variants of the RFI area, told apart by a substring of `message` and `details`. */
const VARIANT = Object.freeze({ notOpen: 'RFI_NOT_OPEN', itemAlreadyApproved: 'RFI_ITEM_ALREADY_APPROVED' });
/** The longest text a control request may give an item. */
const MAX_TEXT_LENGTH = 2000;
/** The two kinds of item of a case, by the list that holds them. */
const ITEMS = Object.freeze({
  questions: { idField: 'questionId', label: 'question', itemType: 'question' },
  documentRequests: { idField: 'documentRequestId', label: 'document request', itemType: 'documentRequest' },
});

/** @typedef {import('../tenant-worlds.js').TenantWorld} TenantWorld */
/** @typedef {import('../store.js').RfiCaseRecord} RfiCase */
/** @typedef {import('../store.js').Schemas['RfiQuestion']} RfiQuestion */
/** @typedef {import('../store.js').Schemas['RfiDocumentRequest']} RfiDocumentRequest */
/** @typedef {import('../store.js').Schemas['RfiAttachedDocument']} RfiAttachedDocument */
/** @typedef {keyof typeof ITEMS} ItemList */
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

/** @param {RfiCase} rfiCase */
const isTerminal = (rfiCase) => /** @type {readonly string[]} */ (TERMINAL_RFI_STATUSES).includes(rfiCase.status);

/**
 * The account's case, or 404: another account's case is not found, never forbidden.
 * @param {TenantWorld} world @param {string} accountId @param {string} rfiId @returns {RfiCase}
 */
function caseOf(world, accountId, rfiId) {
  const rfiCase = world.store.find('rfiCases', accountId, rfiId);
  if (!rfiCase) throw notFound(`RFI ${rfiId}`);
  return rfiCase;
}

/**
 * Terminal cases refuse every response (409 RFI_NOT_OPEN), checked before the item, so that a client learns to stop
 * polling whatever item it names.
 * @param {RfiCase} rfiCase
 */
function assertOpen(rfiCase) {
  if (isTerminal(rfiCase))
    throw conflict(`RFI ${rfiCase.rfiId} is ${rfiCase.status} and accepts no further responses`, VARIANT.notOpen);
}

/**
 * An item of the case (404 for none); one a response writes must not be approved: approved items are locked, and the
 * API offers no unlock.
 * @template {ItemList} List @param {RfiCase} rfiCase @param {List} list @param {string} id @param {boolean} [toWrite]
 * @returns {RfiCase[List][number]}
 */
function itemOf(rfiCase, list, id, toWrite = false) {
  const { idField, label } = ITEMS[list];
  /** @type {Array<RfiQuestion | RfiDocumentRequest>} */
  const items = rfiCase[list];
  const item = items.find((candidate) => candidate[idField] === id);
  if (!item) throw notFound(`${label} ${id} of RFI ${rfiCase.rfiId}`);
  if (toWrite && item.approved) throw conflict(`${label} ${id} is already approved`, VARIANT.itemAlreadyApproved);
  return /** @type {RfiCase[List][number]} */ (item);
}

/**
 * Records an event about a case, unless the case is terminal: the document says no `v1.rfi.case.*` or
 * `v1.rfi.document.*` event fires for a CLOSED or CANCELLED case.
 * @param {TenantWorld} world @param {string} type @param {string} accountId @param {RfiCase} rfiCase
 * @param {Record<string, unknown>} [extra]
 */
function announce(world, type, accountId, rfiCase, extra = {}) {
  if (!isTerminal(rfiCase)) world.emit(type, accountId, { rfiId: rfiCase.rfiId, status: rfiCase.status, ...extra });
}

/**
 * Moves a case to a terminal status, once. No event: none fires for a terminal case, and after this it is one.
 * @param {TenantWorld} world @param {string} accountId @param {string} rfiId @param {string} status
 */
function end(world, accountId, rfiId, status) {
  const rfiCase = caseOf(world, accountId, rfiId);
  if (isTerminal(rfiCase)) throw conflict(`RFI ${rfiId} is already ${rfiCase.status}; terminal states are final`);
  return world.store.update('rfiCases', rfiId, (draft) => Object.assign(draft, { status }));
}

/**
 * Approves (locks) an item of an open case: the service's decision, which only the control API makes.
 * @param {TenantWorld} world @param {string} accountId @param {string} rfiId @param {ItemList} list @param {string} id
 */
function approve(world, accountId, rfiId, list, id) {
  // Terminal is final: nothing about a CLOSED or CANCELLED case changes, through the API or around it.
  const rfiCase = caseOf(world, accountId, rfiId);
  if (isTerminal(rfiCase)) throw conflict(`RFI ${rfiId} is ${rfiCase.status}; a terminal case does not change`);
  const approved = world.store.update('rfiCases', rfiId, (draft) => {
    itemOf(draft, list, id).approved = true;
    return draft;
  });
  announce(world, EVENT_TYPES.caseItemApproved, accountId, approved, { itemType: ITEMS[list].itemType, itemId: id });
  return approved;
}

/**
 * The items a control request gives a new case, checked: a count, or a list of objects.
 * @param {number | RfiItemInput[]} spec @param {string} name @returns {RfiItemInput[]}
 */
function itemsOf(spec, name) {
  const count = Array.isArray(spec) ? spec.length : spec;
  if (!Number.isInteger(count) || Number(count) < 0 || Number(count) > MAX_CONTROL_ITEMS)
    throw validationFailed(`${name} must be a count or a list of at most ${MAX_CONTROL_ITEMS} items`);
  if (!Array.isArray(spec)) return Array.from({ length: Number(spec) }, () => ({}));
  for (const [index, item] of spec.entries()) {
    if (!item || typeof item !== 'object' || Array.isArray(item))
      throw validationFailed(`${name}[${index}] must be an object`);
    for (const field of /** @type {const} */ (['text', 'answer'])) {
      const value = item[field];
      if (value !== undefined && (typeof value !== 'string' || value.length > MAX_TEXT_LENGTH))
        throw validationFailed(`${name}[${index}].${field} must be a string of at most ${MAX_TEXT_LENGTH} characters`);
    }
    if (item.approved !== undefined && typeof item.approved !== 'boolean')
      throw validationFailed(`${name}[${index}].approved must be true or false`);
  }
  return spec;
}

/** Every transition of a case, each refusing what the document (or the emulator's own choice) refuses. */
export const rfiCases = {
  /** @param {TenantWorld} world @param {string} accountId @param {boolean} includeTerminal The account's cases. */
  list: (world, accountId, includeTerminal) =>
    world.store.list('rfiCases', accountId).filter((rfiCase) => includeTerminal || !isTerminal(rfiCase)),
  get: caseOf,

  /**
   * Writes (replaces) the answer of a question.
   * @param {TenantWorld} world @param {string} accountId @param {string} rfiId @param {string} questionId
   * @param {string} answer
   * @returns {RfiQuestion}
   */
  answer(world, accountId, rfiId, questionId, answer) {
    const rfiCase = caseOf(world, accountId, rfiId);
    assertOpen(rfiCase);
    const question = world.store.update('rfiCases', rfiId, (draft) =>
      Object.assign(itemOf(draft, 'questions', questionId, true), { answer }),
    );
    announce(world, EVENT_TYPES.caseAnswered, accountId, rfiCase, { questionIds: [questionId] });
    return question;
  },

  /**
   * Attaches (replaces) the document of a document request.
   * @param {TenantWorld} world @param {string} accountId @param {string} rfiId @param {string} documentRequestId
   * @param {Pick<RfiAttachedDocument, 'fileName' | 'contentType' | 'size'>} file what the upload says of the file
   * @returns {RfiDocumentRequest}
   */
  attach(world, accountId, rfiId, documentRequestId, file) {
    const rfiCase = caseOf(world, accountId, rfiId);
    assertOpen(rfiCase);
    /** @type {RfiAttachedDocument} */
    const document = { ...file, attachedAt: new Date(world.now()).toISOString() };
    const documentRequest = world.store.update('rfiCases', rfiId, (draft) =>
      Object.assign(itemOf(draft, 'documentRequests', documentRequestId, true), { document }),
    );
    announce(world, EVENT_TYPES.documentAttached, accountId, rfiCase, { documentRequestId, document });
    return documentRequest;
  },

  /**
   * Writes several answers at once, all or nothing: one question refused, and none is written.
   * @param {TenantWorld} world @param {string} accountId @param {string} rfiId
   * @param {Array<{ questionId: string, answer: string }>} answers
   */
  respond(world, accountId, rfiId, answers) {
    assertOpen(caseOf(world, accountId, rfiId));
    const rfiCase = world.store.update('rfiCases', rfiId, (draft) => {
      for (const { questionId, answer } of answers) itemOf(draft, 'questions', questionId, true).answer = answer;
      return draft;
    });
    const questionIds = [...new Set(answers.map((a) => a.questionId))];
    announce(world, EVENT_TYPES.caseAnswered, accountId, rfiCase, { questionIds });
    return rfiCase;
  },

  /**
   * A new case in any status with the items given (the control API's); its ids unique across the emulator.
   * @param {TenantWorld} world @param {string} accountId an account of the world @param {CreateRfiCaseInput} input
   * @returns {RfiCase}
   */
  create(world, accountId, input) {
    const { status = OPEN_RFI_STATUS, questions = 1, documentRequests = 1 } = input;
    if (!(/** @type {readonly string[]} */ (RFI_CASE_STATUSES).includes(status)))
      throw validationFailed(`status must be one of ${RFI_CASE_STATUSES.join(', ')}, got ${JSON.stringify(status)}`);
    const rfiId = newId(input.rfiId, 'rfiId', world.random);
    if (world.isTaken('rfiCases', rfiId)) throw conflict(`RFI ${rfiId} already exists`);
    /** @type {RfiCase} */
    const record = {
      rfiId,
      status,
      questions: itemsOf(questions, 'questions').map((q, i) => ({
        questionId: newId(q.id, `questions[${i}].id`, world.random),
        text: q.text ?? `Question ${i + 1}`,
        ...(q.answer === undefined ? {} : { answer: q.answer }),
        approved: q.approved === true,
      })),
      documentRequests: itemsOf(documentRequests, 'documentRequests').map((d, i) => ({
        documentRequestId: newId(d.id, `documentRequests[${i}].id`, world.random),
        description: d.text ?? `Document ${i + 1}`,
        approved: d.approved === true,
      })),
    };
    world.store.put('rfiCases', accountId, record);
    announce(world, EVENT_TYPES.caseCreated, accountId, record);
    return record;
  },

  /** @param {TenantWorld} world @param {string} accountId @param {string} rfiId @param {string} questionId */
  approveQuestion: (world, accountId, rfiId, questionId) => approve(world, accountId, rfiId, 'questions', questionId),
  /** @param {TenantWorld} world @param {string} accountId @param {string} rfiId @param {string} requestId */
  approveDocumentRequest: (world, accountId, rfiId, requestId) =>
    approve(world, accountId, rfiId, 'documentRequests', requestId),
  /** @param {TenantWorld} world @param {string} accountId @param {string} rfiId */
  close: (world, accountId, rfiId) => end(world, accountId, rfiId, RFI_STATUS.closed),
  /** @param {TenantWorld} world @param {string} accountId @param {string} rfiId */
  cancel: (world, accountId, rfiId) => end(world, accountId, rfiId, RFI_STATUS.cancelled),
};
