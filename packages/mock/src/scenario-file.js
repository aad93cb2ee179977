import { readFileSync } from 'node:fs';

/**
 * Reads a scenario file (`--scenario`): a JSON object of operationId to answer in the `Prefer` syntax, the shape
 * `GET /_mock/answers` lists, so that the answers a test set by hand can be saved and served again. The answers
 * themselves are checked against the contract by the mock.
 * @param {string} path
 * @returns {import('./configured-answers.js').MockAnswers}
 * @throws {Error} when the file cannot be read
 * @throws {TypeError} when it holds no such object
 */
export function readScenarioFile(path) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the scenario ${path}: ${/** @type {Error} */ (error).message}`);
  }
  const shape = 'a JSON object of operationId to answer, such as { "getRfiCase": "example=closedCase" }';
  let scenario;
  try {
    scenario = JSON.parse(text);
  } catch (error) {
    throw new TypeError(`the scenario ${path} is not JSON (${/** @type {Error} */ (error).message}): write ${shape}`);
  }
  if (!scenario || typeof scenario !== 'object' || Array.isArray(scenario))
    throw new TypeError(`the scenario ${path} is no object: write ${shape}`);
  for (const [operationId, answer] of Object.entries(scenario)) {
    if (typeof answer !== 'string')
      throw new TypeError(`the scenario ${path} gives ${operationId} ${JSON.stringify(answer)}: write ${shape}`);
  }
  return scenario;
}
