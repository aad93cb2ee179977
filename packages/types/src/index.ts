/**
 * Types of the Payments Connect API v1.0, generated from `@payments-connect/openapi`.
 *
 * `paths`, `operations`, `components` and `webhooks` follow openapi-typescript's layout, so they plug into
 * openapi-fetch; every schema also has a named alias (`RfiCase`, `ErrorEnvelope`, ...).
 * @packageDocumentation
 */
export type * from './openapi.js';
