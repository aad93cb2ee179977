import { accountHandlers } from './account.js';
import { authHandlers } from './auth.js';
import { paymentRequestHandlers } from './payment-requests.js';
import { replaceableResourceHandlers } from './replaceable-resources.js';
import { rfiHandlers } from './rfi.js';
import { userHandlers } from './users.js';

/**
 * Every operation handler by the spec's operationId. The emulator refuses to start if the spec has
 * an operation missing here, so a new operation in the spec cannot go unnoticed.
 * @type {Record<string, import('./context.js').OperationHandler>}
 */
export const operationHandlers = {
  ...authHandlers,
  ...accountHandlers,
  ...paymentRequestHandlers,
  ...replaceableResourceHandlers,
  ...rfiHandlers,
  ...userHandlers,
};
