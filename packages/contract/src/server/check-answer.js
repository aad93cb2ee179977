/**
 * @typedef {import('../contract.js').Contract} Contract
 * @typedef {import('../operations.js').ContractOperation} ContractOperation
 * @typedef {import('../response-validator.js').ResponseViolation} ResponseViolation
 */

/**
 * @typedef {object} AnswerVerdict what the contract says of an answer a server is about to send
 * @property {ResponseViolation[]} violations where and how the answer breaks the contract (one for each place in its
 *   body); empty when it keeps it
 * @property {boolean} undocumented an error status the operation does not document, on an operation that documents
 *   no error status at all: reported as undocumented, and held to the error envelope all the same
 */

/**
 * Checks an answer against the responses its operation documents: status, headers, media type, body. The document
 * gives some operations no error status ("only 200 is documented"), yet every operation needs a token and may be
 * refused: such an error answer is no violation, only undocumented.
 * @param {Contract} contract
 * @param {ContractOperation} operation
 * @param {{ status: number, headers: Record<string, string>, text: string | undefined, value?: unknown }} answer a
 *   body of the pipeline's own is JSON; one passed on as it is names its type in `headers`
 *   `value`, when the server has it, is what `text` was serialised from: it is checked without parsing `text`
 * @returns {AnswerVerdict}
 */
export function checkAnswer(contract, operation, { status, headers, text, value }) {
  // The pipeline sends a JSON body as JSON; a body passed on as it is names its own type.
  const named = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  const sentHeaders = text === undefined || named ? headers : { ...headers, 'Content-Type': 'application/json' };
  const { problems } = contract.validateResponse(operation, {
    status,
    headers: sentHeaders,
    bodyText: text ?? '',
    value,
  });
  if (problems.length === 0) return { violations: [], undocumented: false };
  const tolerated =
    status >= 400 && !operation.responses.some((response) => /^[45]/.test(response.status))
      ? problems.filter((problem) => problem.kind === 'undocumented-status')
      : [];
  return {
    violations: problems.filter((problem) => !tolerated.includes(problem)).flatMap((problem) => problem.violations),
    undocumented: tolerated.length > 0,
  };
}
