/**
 * @typedef {import('../../contract.js').Contract} Contract
 * @typedef {import('../../contract.js').ContractOperation} ContractOperation
 * @typedef {import('../../contract.js').ContractResponse} ContractResponse
 * @typedef {import('../../contract.js').ResponseViolation} ResponseViolation
 */

/**
 * @typedef {object} AnswerVerdict what the contract says of an answer a server is about to send
 * @property {ResponseViolation[]} violations where and how the answer breaks the contract (one for each place in its
 *   body); empty when it keeps it
 * @property {boolean} undocumented an error status the operation does not document, on an operation that documents
 *   no error status at all: reported as undocumented, and held to the error envelope all the same
 */

/**
 * @typedef {object} CheckedAnswer an answer as the check reads it
 * @property {number} status
 * @property {Record<string, string>} headers a body of the pipeline's own is JSON; one passed on as it came names its
 *   type here
 * @property {string | undefined} text the body as text
 * @property {unknown} [value] what `text` was serialised from, when the server has it: checked without parsing `text`
 */

/**
 * The verdicts remembered for each operation, the latest last: an answer sent again with the same bytes, status and
 * values of the headers the check reads (the mock's answers made once, an upstream answering a poll the same way) is
 * judged once. Found by comparing texts, not by hashing them: an upstream's answer is a new string each time, and
 * hashing it costs as much as comparing it with the few remembered. Kept because a target needs it: the validating
 * proxy judges every answer of its upstream, and judging one costs as much as the rest of its work on it
 * (BENCHMARKS.md, the proxy section).
 * @type {WeakMap<ContractOperation, Array<{ text: string | undefined, status: number, read: string,
 *   verdict: AnswerVerdict }>>}
 */
const remembered = new WeakMap();
/** Answers remembered an operation at most: past it the oldest is forgotten (answers that name ids vary). */
const MAX_REMEMBERED_ANSWERS = 16;
/** A longer answer is judged each time rather than kept. */
const MAX_REMEMBERED_TEXT_LENGTH = 64 * 1024;

/**
 * The answer check stage: an answer against the responses its operation documents (status, headers, media type,
 * body), by `contract.validateResponse`. The document gives some operations no error status ("only 200 is
 * documented"), yet every operation needs a token and may be refused: such an error answer is no violation, only
 * undocumented. An answer checked before, byte for byte, with the same status and the same values of the headers the
 * check reads, has the verdict it had then.
 * @param {Contract} contract
 * @param {ContractOperation} operation
 * @param {CheckedAnswer} answer
 * @returns {AnswerVerdict}
 */
export function checkAnswer(contract, operation, answer) {
  const { status, text } = answer;
  if (text !== undefined && text.length > MAX_REMEMBERED_TEXT_LENGTH) return judge(contract, operation, answer);
  const read = readHeaders(contract, operation, answer);
  let answers = remembered.get(operation);
  if (!answers) {
    answers = [];
    remembered.set(operation, answers);
  }
  for (let index = answers.length - 1; index >= 0; index -= 1) {
    const seen = /** @type {(typeof answers)[number]} */ (answers[index]);
    if (seen.status === status && seen.text?.length === text?.length && seen.read === read && seen.text === text)
      return seen.verdict;
  }
  const verdict = judge(contract, operation, answer);
  if (answers.length === MAX_REMEMBERED_ANSWERS) answers.shift();
  answers.push({ text, status, read, verdict });
  return verdict;
}

/**
 * @param {Contract} contract
 * @param {ContractOperation} operation
 * @param {CheckedAnswer} answer
 * @returns {AnswerVerdict}
 */
function judge(contract, operation, { status, headers, text, value }) {
  // The pipeline sends a JSON body as JSON; a body passed on as it is names its own type.
  const named = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  const sentHeaders = text === undefined || named ? headers : { ...headers, 'Content-Type': 'application/json' };
  const { problems } = contract.validateResponse(operation, {
    status,
    headers: sentHeaders,
    bodyText: text ?? '',
    value,
  });
  if (problems.length === 0) return NO_VIOLATIONS;
  const tolerated =
    status >= 400 && !operation.responses.some((response) => /^[45]/.test(response.status))
      ? problems.filter((problem) => problem.kind === 'undocumented-status')
      : [];
  // Frozen: a verdict remembered is shared by every exchange that got it, and by their journal entries.
  const violations = problems
    .filter((problem) => !tolerated.includes(problem))
    .flatMap((problem) => problem.violations);
  return { violations: frozen(violations), undocumented: tolerated.length > 0 };
}

/** The verdict on an answer that keeps the contract: one for all. */
const NO_VIOLATIONS = { violations: frozen([]), undocumented: false };

/**
 * @param {ResponseViolation[]} violations
 * @returns {ResponseViolation[]} the same, never to change: each violation too
 */
function frozen(violations) {
  for (const violation of violations) Object.freeze(violation);
  return /** @type {ResponseViolation[]} */ (Object.freeze(violations));
}

/** @type {WeakMap<ContractResponse, string[]>} the headers a documented response names, in lower case */
const documentedHeaders = new WeakMap();

/**
 * The values of the headers the check of this answer reads, as one text: its `Content-Type` and the headers its
 * documented response names. Others (`Date`, a request id) do not change the verdict.
 * @param {Contract} contract
 * @param {ContractOperation} operation
 * @param {CheckedAnswer} answer
 */
function readHeaders(contract, operation, { status, headers }) {
  const documented = contract.findDocumentedResponse(operation, status);
  let names = documented && documentedHeaders.get(documented);
  if (documented && !names) {
    names = Object.keys(documented.response.headers ?? {}).map((name) => name.toLowerCase());
    documentedHeaders.set(documented, names);
  }
  let read = '';
  for (const name in headers) {
    const lower = name.toLowerCase();
    if (lower === 'content-type' || names?.includes(lower)) read += `${lower}:${headers[name]}\n`;
  }
  return read;
}
