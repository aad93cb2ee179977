import { runRedoclyLint } from './run-redocly-lint.js';

/**
 * Lints `test/fixtures/<rule>/<fixture>` with that folder's config (which enables only `rule`) and
 * returns each problem as `{ ruleId, pointer, message }`, in report order.
 * @param {string} rule the rule name without the plugin prefix, e.g. `account-id-on-v1`
 * @param {string} fixture file name in the rule's fixture folder
 * @param {string} [config] config file name in the same folder
 */
export async function lintFixture(rule, fixture, config = 'redocly.yaml') {
  const folder = `test/fixtures/${rule}`;
  const { problems } = await runRedoclyLint(`${folder}/${fixture}`, `${folder}/${config}`);
  return problems.map(({ ruleId, pointer, message }) => ({ ruleId, pointer, message }));
}
