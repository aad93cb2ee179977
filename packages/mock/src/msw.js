// @payments-connect/mock/msw: the mock as MSW request handlers, for unit tests in Node (`setupServer`) and pages in a
// browser (`setupWorker`), and the spec's named examples as typed fixtures. A package face: it only names what `msw/`
// exports. Loads no node: module, so that a bundler can put it into a page.

export { AnswerError } from './configured-answers.js';
export { createHandlers } from './msw/create-handlers.js';
export { FixtureError, fixtures } from './msw/fixtures.js';
export { OverrideError } from './msw/override-answer.js';

/** @typedef {import('./msw/create-handlers.js').HandlersOptions} HandlersOptions */
/** @typedef {import('./msw/create-handlers.js').PaymentsConnectHandlers} PaymentsConnectHandlers */
/** @typedef {import('./msw/fixtures.js').Fixtures} Fixtures */
/**
 * @template T
 * @typedef {import('./msw/fixtures.js').FixtureBuilder<T>} FixtureBuilder
 */
/** @typedef {import('./msw/operation-types.js').OperationId} OperationId */
/** @typedef {import('./msw/operation-types.js').Overrides} Overrides */
/**
 * @template {OperationId} Id
 * @typedef {import('./msw/operation-types.js').Override<Id>} Override
 */
/**
 * @template {OperationId} Id
 * @typedef {import('./msw/operation-types.js').OverrideAnswer<Id>} OverrideAnswer
 */
/**
 * @template {OperationId} Id
 * @typedef {import('./msw/operation-types.js').OverrideRequest<Id>} OverrideRequest
 */
