import { readFileSync } from 'node:fs';
import { checkAnswer } from '@payments-connect/contract/server';
import { readRecordedAnswer, recordingKey, replayedBody } from './recorded-answer.js';

/**
 * @typedef {import('@payments-connect/contract').Contract} Contract
 * @typedef {import('./recorded-answer.js').RecordedAnswer} RecordedAnswer
 */

/**
 * @typedef {object} ReplayedAnswer a recorded answer as the mock serves it, checked against the contract at start
 * @property {number} line its line in the file, from 1
 * @property {string} operationId
 * @property {string} key what a request is matched by, beside the operation (`recordingKey`)
 * @property {string} request the request as recorded, `GET /v1/rfi/…`: what a request with no answer is told is closest
 * @property {number} status
 * @property {Record<string, string>} headers
 * @property {string | undefined} text the body, serialised once
 */

/**
 * @typedef {object} Recording a recording, loaded and checked
 * @property {string} file as it was given
 * @property {ReplayedAnswer[]} answers in the order of the file
 */

/**
 * @typedef {object} RecordingProblem a line of a recording the mock refuses
 * @property {number} line from 1; 0 for the file as a whole
 * @property {string | undefined} operationId the operation it names, when it names one
 * @property {string} problem
 */

/**
 * A recording refused: a line that is no recorded answer, or one the contract no longer takes (the spec moved on since
 * it was recorded), or a file that holds none. Its message names the file, the line, the operation and why, for the
 * first of them; `problems` has them all. A `TypeError`: the command says it as a data error (exit 2).
 */
export class RecordingError extends TypeError {
  /**
   * @param {string} file
   * @param {RecordingProblem[]} problems at least one
   */
  constructor(file, problems) {
    const [first] = /** @type {[RecordingProblem]} */ (problems);
    const where = first.line === 0 ? file : `${file}:${first.line}`;
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more line(s) refused)` : '';
    super(`${where}: ${first.operationId ? `${first.operationId}: ` : ''}${first.problem}${more}`);
    this.name = 'RecordingError';
    this.file = file;
    this.problems = problems;
  }
}

/** Said of a recorded answer the contract no longer takes. */
const MOVED_ON = 'the contract changed since it was recorded: record it again';

/**
 * Reads a recording (`--replay FILE`) and checks every answer in it against the contract, as the pipeline would check
 * it when served: its operation is still the one its method and target match, its path ids and query still keep the
 * parameters' schemas, and its answer (status, headers, body; a withheld credential filled in) still keeps the
 * responses the operation documents. Blank lines are skipped.
 * @param {Contract} contract
 * @param {string} file
 * @returns {Recording}
 * @throws {RecordingError} for a line it refuses, or a file that holds no recorded answer
 * @throws {Error} when the file cannot be read, saying why
 */
export function loadRecording(contract, file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the recording ${file}: ${/** @type {Error} */ (error).message}`);
  }
  /** @type {ReplayedAnswer[]} */
  const answers = [];
  /** @type {RecordingProblem[]} */
  const problems = [];
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    const line = index + 1;
    let record;
    try {
      record = JSON.parse(raw);
    } catch (error) {
      problems.push({ line, operationId: undefined, problem: `not JSON (${/** @type {Error} */ (error).message})` });
      return;
    }
    const read = readRecordedAnswer(record);
    if (typeof read === 'string') {
      const named = typeof record?.operationId === 'string' ? record.operationId : undefined;
      problems.push({ line, operationId: named, problem: `no recorded answer: ${read}` });
      return;
    }
    const checked = checkedAnswer(contract, read);
    if (typeof checked === 'string') problems.push({ line, operationId: read.operationId, problem: checked });
    else answers.push({ line, ...checked });
  });
  if (problems.length > 0) throw new RecordingError(file, problems);
  if (answers.length === 0)
    throw new RecordingError(file, [{ line: 0, operationId: undefined, problem: 'holds no recorded answer' }]);
  return { file, answers };
}

/**
 * A recorded answer as it is served, or why the contract no longer takes it.
 * @param {Contract} contract
 * @param {RecordedAnswer} recorded
 * @returns {Omit<ReplayedAnswer, 'line'> | string}
 */
function checkedAnswer(contract, recorded) {
  const { operationId, method, target, status } = recorded;
  const match = contract.match(method, target);
  if (match.kind !== 'matched') {
    const refusal = contract.refusalForMatch(match);
    return `${method} ${target}: ${refusal?.body.message ?? match.kind}; ${MOVED_ON}`;
  }
  const { operation } = match;
  if (operation.operationId !== operationId)
    return `${method} ${target} is ${operation.operationId} in the contract, not ${operationId}; ${MOVED_ON}`;
  // The parameters a recording is matched by: its path ids and query. Its headers were never recorded.
  const head = contract.checkRequestHead(operation, {
    headers: { authorization: ['Bearer recorded'] },
    pathParams: match.pathParams,
    query: match.query,
  });
  const parameters = head.violations.filter((violation) => violation.location !== 'header');
  if (parameters.length > 0) return `${parameters.map((violation) => violation.message).join('; ')}; ${MOVED_ON}`;
  const body = replayedBody(recorded);
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers = { ...recorded.headers };
  const typed = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  if (text !== undefined && !typed) headers['Content-Type'] = 'application/json';
  const { violations } = checkAnswer(contract, operation, { status, headers, text, value: body });
  if (violations.length > 0)
    return `answer ${status}: ${violations.map((violation) => violation.message).join('; ')}; ${MOVED_ON}`;
  return {
    operationId,
    key: recordingKey(match.path, match.query),
    request: `${method} ${target}`,
    status,
    headers,
    text,
  };
}
