import { EVENT_TYPES } from '../event-bus.js';
import { notFound, RFI_CONFLICT_VARIANTS, rfiConflict } from '../refusals.js';
import { TERMINAL_RFI_STATUSES } from '../seed.js';
import { isoNow, ok } from './context.js';

/** @typedef {import('./context.js').OperationContext} OperationContext */

/**
 * The account's case named by the path, or 404: another account's case is not found, never forbidden.
 * @param {OperationContext} ctx
 */
function caseOf({ store, accountId, params }) {
  const rfiCase = store.find('rfiCases', accountId, params.rfiId);
  if (!rfiCase) throw notFound(`RFI ${params.rfiId}`);
  return rfiCase;
}

/**
 * Terminal cases refuse every write (409 RFI_NOT_OPEN), checked before the item so that a client
 * learns to stop polling whatever item it names.
 * @param {Record<string, any>} rfiCase
 */
function assertOpen(rfiCase) {
  if (TERMINAL_RFI_STATUSES.includes(rfiCase.status)) {
    throw rfiConflict(
      RFI_CONFLICT_VARIANTS.notOpen,
      `RFI ${rfiCase.rfiId} is ${rfiCase.status} and accepts no further responses`,
    );
  }
}

/**
 * An item of the case that is not approved; approved items are locked and the API offers no unlock.
 * @param {Record<string, any>} rfiCase
 * @param {'questions' | 'documentRequests'} list
 * @param {string} id
 */
function writableItem(rfiCase, list, id) {
  const [idField, label] =
    list === 'questions' ? ['questionId', 'question'] : ['documentRequestId', 'document request'];
  const item = rfiCase[list].find((/** @type {any} */ candidate) => candidate[idField] === id);
  if (!item) throw notFound(`${label} ${id} of RFI ${rfiCase.rfiId}`);
  if (item.approved) throw rfiConflict(RFI_CONFLICT_VARIANTS.itemAlreadyApproved, `${label} ${id} is already approved`);
  return item;
}

/** The RFI operations: reads, and the three writes with replace semantics. */
export const rfiHandlers = {
  /** @type {import('./context.js').OperationHandler} */
  listRfiCases: ({ store, accountId, query }) => {
    const cases = store.list('rfiCases', accountId);
    return ok({
      items: query.includeTerminal ? cases : cases.filter((c) => !TERMINAL_RFI_STATUSES.includes(c.status)),
    });
  },

  /** @type {import('./context.js').OperationHandler} */
  getRfiCase: (ctx) => ok(caseOf(ctx)),

  /** @type {import('./context.js').OperationHandler} */
  answerRfiQuestion: (ctx) => {
    const rfiCase = caseOf(ctx);
    assertOpen(rfiCase);
    const question = ctx.store.update('rfiCases', rfiCase.rfiId, (draft) =>
      Object.assign(writableItem(draft, 'questions', ctx.params.questionId), { answer: ctx.body.answer }),
    );
    ctx.events.emitRfiEvent(EVENT_TYPES.caseAnswered, ctx.accountId, rfiCase, { questionIds: [question.questionId] });
    return ok(question);
  },

  /** @type {import('./context.js').OperationHandler} */
  attachRfiDocument: (ctx) => {
    const rfiCase = caseOf(ctx);
    assertOpen(rfiCase);
    const document = { ...ctx.parts.document, attachedAt: isoNow(ctx.now) };
    const documentRequest = ctx.store.update('rfiCases', rfiCase.rfiId, (draft) =>
      Object.assign(writableItem(draft, 'documentRequests', ctx.params.documentRequestId), { document }),
    );
    ctx.events.emitRfiEvent(EVENT_TYPES.documentAttached, ctx.accountId, rfiCase, {
      documentRequestId: documentRequest.documentRequestId,
      document: documentRequest.document,
    });
    return ok(documentRequest);
  },

  /** @type {import('./context.js').OperationHandler} */
  submitRfiResponses: (ctx) => {
    /** @type {Array<{ questionId: string, answer: string }>} */
    const answers = ctx.body.answers;
    assertOpen(caseOf(ctx));
    // The answers are written on the store's copy of the case: one question refused, and nothing is written.
    const rfiCase = ctx.store.update('rfiCases', ctx.params.rfiId, (draft) => {
      for (const { questionId, answer } of answers) writableItem(draft, 'questions', questionId).answer = answer;
      return draft;
    });
    ctx.events.emitRfiEvent(EVENT_TYPES.caseAnswered, ctx.accountId, rfiCase, {
      questionIds: [...new Set(answers.map((a) => a.questionId))],
    });
    return ok(rfiCase);
  },
};
