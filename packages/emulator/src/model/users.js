/**
 * The users of an account: read, change display name and blocked status, change role, deactivate. Field names are the
 * emulator's own (the document names the concepts, not the fields).
 */
import { notFound, validationFailed } from '../refusals.js';

/** What a deactivated user's status becomes: it stays readable. */
const DEACTIVATED = 'DEACTIVATED';

/** @typedef {import('../tenant-worlds.js').TenantWorld} TenantWorld */

/**
 * @param {TenantWorld} world
 * @param {string} accountId
 * @param {string} userId
 * @returns {import('../store.js').Records['users']}
 */
function userOf(world, accountId, userId) {
  const user = world.store.find('users', accountId, userId);
  if (!user) throw notFound(`user ${userId}`);
  return user;
}

/**
 * Writes the fields of the body that `fields` names on the user (404 before 400, as the request is read: the user
 * first, then the body). A field left out is left unchanged; a field of the wrong type is refused.
 * @param {TenantWorld} world @param {string} accountId @param {string} userId @param {Record<string, unknown>} body
 * @param {Record<string, 'string' | 'boolean'>} fields
 */
function change(world, accountId, userId, body, fields) {
  userOf(world, accountId, userId);
  /** @type {Record<string, unknown>} */
  const changes = {};
  for (const [name, type] of Object.entries(fields)) {
    const value = body[name];
    if (value === undefined) continue;
    if (typeof value !== type || (type === 'string' && String(value).trim() === ''))
      throw validationFailed(`${name} must be a ${type === 'string' ? 'non-empty string' : type}`);
    changes[name] = value;
  }
  return world.store.update('users', userId, (draft) => Object.assign(draft, changes));
}

export const users = {
  get: userOf,
  /**
   * @param {TenantWorld} world @param {string} accountId @param {string} userId
   * @param {import('../store.js').Schemas['UpdateUserRequest']} body
   */
  update: (world, accountId, userId, body) =>
    change(world, accountId, userId, body, { displayName: 'string', blocked: 'boolean' }),
  /**
   * @param {TenantWorld} world @param {string} accountId @param {string} userId
   * @param {import('../store.js').Schemas['UpdateUserRoleRequest']} body
   */
  setRole: (world, accountId, userId, body) => change(world, accountId, userId, body, { role: 'string' }),
  /**
   * Deactivates the user, idempotently; it stays readable.
   * @param {TenantWorld} world
   * @param {string} accountId
   * @param {string} userId
   */
  deactivate(world, accountId, userId) {
    userOf(world, accountId, userId);
    world.store.update('users', userId, (draft) => Object.assign(draft, { status: DEACTIVATED }));
  },
};
