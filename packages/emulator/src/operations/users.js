import { notFound, validationFailed } from '../refusals.js';
import { ok } from './context.js';

/** @param {import('./context.js').OperationContext} ctx */
function userOf({ store, accountId, params }) {
  const user = store.find('users', accountId, params.userId);
  if (!user) throw notFound(`user ${params.userId}`);
  return user;
}

/**
 * Field names are the emulator's own (the document names the concepts, not the fields). A field left
 * out is left unchanged; a field of the wrong type is refused.
 * @param {Record<string, unknown>} body
 * @param {Record<string, 'string' | 'boolean'>} fields
 */
function pickTyped(body, fields) {
  /** @type {Record<string, unknown>} */
  const picked = {};
  for (const [name, type] of Object.entries(fields)) {
    if (body[name] === undefined) continue;
    if (typeof body[name] !== type || (type === 'string' && String(body[name]).trim() === '')) {
      throw validationFailed(`${name} must be a ${type === 'string' ? 'non-empty string' : type}`);
    }
    picked[name] = body[name];
  }
  return picked;
}

/**
 * Writes the fields of the body that `fields` names on the user of the path (404 before 400, as the request is
 * read: the user first, then the body).
 * @param {import('./context.js').OperationContext} ctx
 * @param {Record<string, 'string' | 'boolean'>} fields
 */
function changeUser(ctx, fields) {
  const { userId } = userOf(ctx);
  const changes = pickTyped(ctx.body, fields);
  return ctx.store.update('users', userId, (draft) => Object.assign(draft, changes));
}

/** Users of the account: read, update display name and blocked status, change role, deactivate. */
export const userHandlers = {
  /** @type {import('./context.js').OperationHandler} */
  getUser: (ctx) => ok(userOf(ctx)),

  /** @type {import('./context.js').OperationHandler} */
  updateUser: (ctx) => ok(changeUser(ctx, { displayName: 'string', blocked: 'boolean' })),

  /** @type {import('./context.js').OperationHandler} */
  updateUserRole: (ctx) => ok(changeUser(ctx, { role: 'string' })),

  /** @type {import('./context.js').OperationHandler} */
  deactivateUser: (ctx) => {
    // Deactivation keeps the user readable (status DEACTIVATED) and is idempotent.
    ctx.store.update('users', userOf(ctx).userId, (draft) => Object.assign(draft, { status: 'DEACTIVATED' }));
    return { status: 204 };
  },
};
