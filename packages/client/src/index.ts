/**
 * Typed client of the Payments Connect API v1.0, built on openapi-fetch: token exchange, AccountId, retries,
 * timeouts, sandbox-only guard and the RFI 409 variants.
 * @packageDocumentation
 */

export type { components, ErrorEnvelope, operations, paths } from '@payments-connect/types';
export type { ClientPaths, ClientPathsWithDefaultAccountId, PathsForOptions } from './client-paths.js';
export {
  createPaymentsConnectClient,
  DEFAULT_ENVIRONMENT,
  DEFAULT_TIMEOUT_MS,
  type PaymentsConnectClient,
  type PaymentsConnectClientOptions,
  type PaymentsConnectEnvironment,
} from './create-payments-connect-client.js';
export {
  PaymentsConnectAuthenticationError,
  PaymentsConnectConnectionError,
  PaymentsConnectError,
  PaymentsConnectTimeoutError,
  SandboxOnlyOperationError,
} from './errors.js';
export {
  DEFAULT_BASE_DELAY_MS,
  DEFAULT_MAX_DELAY_MS,
  DEFAULT_MAX_RETRIES,
  MAX_RETRY_AFTER_MS,
  type RetryPolicy,
} from './retry-policy.js';
export { RFI_CONFLICT_VARIANTS, type RfiConflictVariant, rfiConflictVariant } from './rfi-conflict-variant.js';
export { type PaymentsConnectToken, TOKEN_REFRESH_MARGIN_MS, TOKEN_REFRESH_MARGIN_RATIO } from './token-provider.js';
