/**
 * Types of the Payments Connect API v1.0, generated from `@payments-connect/openapi`.
 *
 * `paths`, `operations`, `components` and `webhooks` follow openapi-typescript's layout; every schema also has a
 * named alias (`RfiCase`, `ErrorEnvelope`, ...). For openapi-fetch 0.17, use `PathsForOpenapiFetch`.
 * @packageDocumentation
 */
export type * from './openapi.js';
export type * from './paths-for-openapi-fetch.js';
