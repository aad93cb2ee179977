import { beforeAll, describe, expect, it } from 'vitest';
import { runRedoclyLint } from './run-redocly-lint.js';

/** @typedef {import('./run-redocly-lint.js').LintProblem} LintProblem */

/** The spec's own lint policy: these tests prove its configurable rules, not only the plugin's. */
const SPEC_CONFIG = '../../spec/redocly.yaml';
const SUMMARY_RULE = 'rule/operation-summary-sentence-case';
const OPERATION_ID_RULE = 'rule/operation-id-camel-case-verb-first';

/**
 * @param {string} fixture file name in `test/fixtures/spec-assertions`
 * @returns {Promise<LintProblem[]>} the problems of the two assertion rules, in report order
 */
async function assertionProblems(fixture) {
  const { problems } = await runRedoclyLint(`test/fixtures/spec-assertions/${fixture}`, SPEC_CONFIG);
  return problems.filter(({ ruleId }) => ruleId === SUMMARY_RULE || ruleId === OPERATION_ID_RULE);
}

describe('assertion rules of spec/redocly.yaml', () => {
  /** @type {LintProblem[]} */
  let bad;
  beforeAll(async () => {
    bad = await assertionProblems('bad.yaml');
  });

  it('report summaries not in sentence case and operationIds not camelCase verb-first', () => {
    /** @param {string} method */
    const operation = (method) => `#/paths/~1v1~1payers~1{payerId}/${method}`;
    expect(bad.map(({ ruleId, pointer }) => ({ ruleId, pointer }))).toEqual([
      { ruleId: SUMMARY_RULE, pointer: `${operation('get')}/summary` },
      { ruleId: OPERATION_ID_RULE, pointer: `${operation('get')}/operationId` },
      { ruleId: SUMMARY_RULE, pointer: `${operation('put')}/summary` },
      { ruleId: OPERATION_ID_RULE, pointer: `${operation('put')}/operationId` },
      { ruleId: OPERATION_ID_RULE, pointer: `${operation('delete')}/operationId` },
    ]);
  });

  it('say what to fix', () => {
    /** @param {string} ruleId */
    const messageOf = (ruleId) => bad.find((problem) => problem.ruleId === ruleId)?.message;
    expect(messageOf(SUMMARY_RULE)).toBe(
      'Write the summary in sentence case: a capital first letter and no full stop.',
    );
    expect(messageOf(OPERATION_ID_RULE)).toMatch(
      /^Make the operationId camelCase and start it with a verb of the list \(get, list, /,
    );
  });

  it('are silent on sentence-case summaries and camelCase verb-first operationIds', async () => {
    expect(await assertionProblems('good.yaml')).toEqual([]);
  });
});
