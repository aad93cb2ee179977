// @payments-connect/mock: the mock of the Payments Connect API v1.0 for other teams' CI.
import { serveMock } from './serve-mock.js';

export { ControlCallError, RefusalError } from '@payments-connect/contract/control';
export { AnswerError } from './configured-answers.js';
export { connectMock } from './connect-mock.js';
export { CONTROL_PREFIX } from './control-routes.js';
export { DEFAULT_HOST, DEFAULT_PORT, MAX_BODY_BYTES } from './defaults.js';
export { RecordingError } from './recording-file.js';

/** @typedef {import('./serve-mock.js').MockOptions} MockOptions */
/** @typedef {import('./serve-mock.js').RunningMock} RunningMock */
/** @typedef {import('./serve-mock.js').MockSummary} MockSummary what `summary()` returns */
/** @typedef {import('./exchange-recorder.js').RecordingSummary} RecordingSummary what a recording proxy wrote */
/** @typedef {import('./connect-mock.js').MockConnection} MockConnection what `connectMock` returns */
/** @typedef {import('./connect-mock.js').MockConnection} MockControl the former name of `MockConnection` */
/** @typedef {import('./configured-answers.js').MockAnswers} MockAnswers */
/** @typedef {import('./configured-answers.js').ConfiguredAnswer} ConfiguredAnswer */
/** @typedef {import('@payments-connect/contract/server').JournalEntry} JournalEntry */
/** @typedef {import('@payments-connect/contract/server').JournalFilter} JournalFilter */
/** @typedef {import('@payments-connect/contract/server').UpstreamFailure} UpstreamFailure */

/**
 * Starts the mock in this process on a free port (unless `port` says otherwise) and resolves once it listens.
 * @param {import('./serve-mock.js').MockOptions} [options]
 * @returns {Promise<import('./serve-mock.js').RunningMock>}
 * @throws {TypeError} for an answer (`answers`) of an operation the contract lacks, or one it does not document,
 *   naming what there is, the closest first; for a recording to replay (`replay`) that the contract no longer takes,
 *   naming the line, the operation and why (a `RecordingError`); for `record` without `proxy`, or `replay` with it
 * @throws {Error} with a readable message when the port is taken, the spec cannot be served, or a recording cannot be
 *   read or written
 */
export function startMock(options = {}) {
  return serveMock({ port: 0, ...options });
}
