// @payments-connect/mock/msw: the mock as MSW request handlers, for unit tests in Node (`setupServer`) and pages in a
// browser (`setupWorker`), and the spec's named examples as typed fixtures. A package face: it only names what `msw/`
// exports. Loads no node: module, so that a bundler can put it into a page.

import { bundledContract } from './msw/bundled-contract.js';
import { createFixtures } from './msw/fixtures.js';

export { FixtureError } from './msw/fixtures.js';
export { OverrideError } from './msw/override-answer.js';

/**
 * The spec's named response examples as typed builders, by operation and example name:
 * `fixtures.getRfiCase.closedCase({ rfiId })` is a copy of the closed case with that id, checked against the contract
 * (a `FixtureError` when it breaks it).
 * @type {import('./msw/fixtures.js').Fixtures}
 */
export const fixtures = createFixtures(bundledContract());

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
