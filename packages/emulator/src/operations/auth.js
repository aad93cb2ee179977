import { ok } from './context.js';

/** POST /auth/token: the only operation without a bearer token and without AccountId. */
export const authHandlers = {
  /** @type {import('./context.js').OperationHandler} */
  createAccessToken: ({ body, tokens }) => ok(tokens.issue(body)),
};
