import { afterEach, inject } from 'vitest';
import { BEHAVIOUR_TAG } from './behaviour-tag.js';
import { openConformanceSession } from './conformance-session.js';
import { recordInLedger } from './coverage-ledger.js';
import { SANDBOX_FIXTURES } from './target-config.js';

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

/** The fixture each path parameter takes on a sandbox for the happy paths. */
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
 * @param {object} target
 * @param {string[]} parameters path parameter names
 * @returns {Record<string, string>}
 */
export function pathIds(context, target, parameters) {
  if (target.kind === 'mock')
    return Object.fromEntries(parameters.map((name) => [name, target.parameterExamples[name]]));
  return fixtures(
    context,
    target,
    parameters.map((name) => SANDBOX_FIXTURE_BY_PARAMETER[name]),
    (values) => Object.fromEntries(parameters.map((name, i) => [name, values[i]])),
  );
}

/**
 * Named sandbox fixtures, or a skip naming the variables that are not set.
 * @template T
 * @param {import('vitest').TestContext} context
 * @param {object} target
 * @param {(keyof typeof SANDBOX_FIXTURES)[]} names
 * @param {(values: string[]) => T} [shape]
 * @returns {T}
 */
export function fixtures(context, target, names, shape = (values) => values) {
  const missing = names.filter((name) => !target.fixtures[name]).map((name) => SANDBOX_FIXTURES[name][0]);
  if (missing.length > 0) skipWithReason(context, `needs sandbox fixture ${missing.join(', ')}`);
  return shape(names.map((name) => target.fixtures[name]));
}

const SHAPE_FORM_REASON =
  'shape form: Prefer picks the answer only on the mock (the sandbox run proves this with real state)';
const STATEFUL_REASON =
  'needs a stateful server: the stateless mock answers whatever Prefer asks (run with CONFORMANCE_TARGET=sandbox)';

/** A behaviour's shape form (the answer chosen with Prefer) runs on the mock only. */
export function skipUnlessMock(context, target) {
  if (target.kind !== 'mock') skipWithReason(context, SHAPE_FORM_REASON);
}

/** Test options of a behaviour test of the document: `it(name, behaviourTest, fn)`. */
export const behaviourTest = Object.freeze({ tags: [BEHAVIOUR_TAG] });

/**
 * What only a server with state can prove is skipped on the mock, saying so. Such a test must carry the
 * behaviour tag (`behaviourTest`), so that a sandbox run can prove none of them was skipped.
 */
export function skipUnlessStateful(context, target) {
  if (!context.task.tags?.includes(BEHAVIOUR_TAG)) {
    throw new Error(
      `"${context.task.name}" needs a stateful server, so it is a behaviour test: declare it with the behaviourTest options (tag "${BEHAVIOUR_TAG}")`,
    );
  }
  if (target.kind === 'mock') skipWithReason(context, STATEFUL_REASON);
}

/** The `Prefer` header that picks a documented answer on the mock. */
export const prefer = (status, example) => ({ Prefer: `code=${status}${example ? `, example=${example}` : ''}` });
