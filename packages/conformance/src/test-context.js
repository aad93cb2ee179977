import { afterEach, inject } from 'vitest';
import { BEHAVIOUR_TAG } from './behaviour-tag.js';
import { openConformanceSession } from './conformance-session.js';
import { recordInLedger } from './coverage-ledger.js';
import { MISSING_FIXTURE_NOTE } from './skipped-behaviour-guard.js';
import { SANDBOX_FIXTURES } from './target-config.js';

/** @typedef {import('./conformance-session.js').ConformanceTarget} ConformanceTarget */

/**
 * The session of one test file, on the target globalSetup provided. After each test, the answers the
 * test did not examine itself are validated too.
 */
export function useConformanceSession() {
  const session = openConformanceSession(inject('conformanceTarget'));
  afterEach(() => session.checkUnexamined());
  return session;
}

/**
 * Skips the running test with a reason that the reporter shows and the coverage report lists.
 * @param {import('vitest').TestContext} context
 * @param {string} reason
 */
export function skipWithReason(context, reason) {
  recordInLedger({ kind: 'skipped', test: context.task.fullName ?? context.task.name, reason });
  context.skip(reason);
}

/**
 * The fixture each path parameter takes on a sandbox for the happy paths.
 * @type {Record<string, import('./target-config.js').SandboxFixture>}
 */
const SANDBOX_FIXTURE_BY_PARAMETER = {
  paymentRequestId: 'hostedPaymentRequestId',
  payerId: 'payerId',
  beneficiaryId: 'beneficiaryId',
  userId: 'userId',
  personId: 'personId',
  corporateId: 'corporateId',
  rfiId: 'openRfiId',
  questionId: 'openQuestionId',
  documentRequestId: 'openDocumentRequestId',
};

/**
 * The ids for path parameters: the spec's examples on the mock, fixtures on a sandbox. A missing
 * fixture skips the test, naming the variable to set.
 * @param {import('vitest').TestContext} context
 * @param {ConformanceTarget} target
 * @param {string[]} parameters path parameter names
 * @returns {Record<string, string>}
 */
export function pathIds(context, target, parameters) {
  if (target.kind === 'mock') {
    return Object.fromEntries(parameters.map((name) => [name, String(target.parameterExamples?.[name])]));
  }
  const names = parameters.map((name) => {
    const fixture = SANDBOX_FIXTURE_BY_PARAMETER[name];
    if (!fixture) throw new Error(`no sandbox fixture stands for path parameter ${name}`);
    return fixture;
  });
  const values = fixtures(context, target, names);
  return Object.fromEntries(parameters.map((name, i) => [name, String(values[i])]));
}

/**
 * Named sandbox fixtures, or a skip (which ends the test) naming the variables that are not set.
 * @param {import('vitest').TestContext} context
 * @param {ConformanceTarget} target
 * @param {import('./target-config.js').SandboxFixture[]} names
 * @returns {string[]} the fixtures' values, in the order of `names`
 */
export function fixtures(context, target, names) {
  const missing = names.filter((name) => !target.fixtures[name]).map((name) => SANDBOX_FIXTURES[name][0]);
  if (missing.length > 0) skipWithReason(context, `${MISSING_FIXTURE_NOTE}${missing.join(', ')}`);
  return names.map((name) => String(target.fixtures[name]));
}

const SHAPE_FORM_REASON =
  'shape form: Prefer picks the answer only on the mock (the sandbox run proves this with real state)';
const STATEFUL_REASON =
  'needs a stateful server: the stateless mock answers whatever Prefer asks (run with CONFORMANCE_TARGET=sandbox)';

/**
 * A behaviour's shape form (the answer chosen with Prefer) runs on the mock only.
 * @param {import('vitest').TestContext} context
 * @param {ConformanceTarget} target
 */
export function skipUnlessMock(context, target) {
  if (target.kind !== 'mock') skipWithReason(context, SHAPE_FORM_REASON);
}

/** Test options of a behaviour test of the document: `it(name, behaviourTest, fn)`. */
export const behaviourTest = Object.freeze({ tags: [BEHAVIOUR_TAG] });

/**
 * What only a server with state can prove is skipped on the mock, saying so. Such a test must carry the
 * behaviour tag (`behaviourTest`), so that a sandbox run can prove none of them was skipped.
 * @param {import('vitest').TestContext} context
 * @param {ConformanceTarget} target
 */
export function skipUnlessStateful(context, target) {
  if (!context.task.tags?.includes(BEHAVIOUR_TAG)) {
    throw new Error(
      `"${context.task.name}" needs a stateful server, so it is a behaviour test: ` +
        `declare it with the behaviourTest options (tag "${BEHAVIOUR_TAG}")`,
    );
  }
  if (target.kind === 'mock') skipWithReason(context, STATEFUL_REASON);
}

/**
 * The `Prefer` header that picks a documented answer on the mock.
 * @param {number | string} status
 * @param {string} [example]
 */
export const prefer = (status, example) => ({ Prefer: `code=${status}${example ? `, example=${example}` : ''}` });
