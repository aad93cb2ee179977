/**
 * GENERATED FILE: do not edit by hand.
 * Source: @payments-connect/openapi (dist/openapi.json), by scripts/generate-spec-constants.js.
 * Regenerate with `pnpm --filter @payments-connect/client generate`.
 */

/** URL of each environment: the spec's `servers`, variables resolved to their (placeholder) defaults. */
export const SERVER_URLS = {
  "production": "https://api.payments-connect.example",
  "sandbox": "https://sandbox.api.payments-connect.example"
} as const;

/** Path of the token exchange, the one operation with `security: []`. */
export const TOKEN_PATH = "/auth/token" as const;

/** `METHOD /path` of every operation marked `x-sandbox-only: true`. */
export const SANDBOX_ONLY_OPERATIONS = [
  "PUT /v1/collections/payment-requests/{paymentRequestId}/preview-logo",
  "DELETE /v1/collections/payment-requests/{paymentRequestId}/preview-logo"
] as const;

/** Matches `METHOD /path?query` of a request for any of SANDBOX_ONLY_OPERATIONS. */
export const SANDBOX_ONLY_REQUEST = /^(?:PUT \/v1\/collections\/payment-requests\/[^\/?]+\/preview-logo|DELETE \/v1\/collections\/payment-requests\/[^\/?]+\/preview-logo)(?:\?|$)/;
