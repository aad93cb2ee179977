/**
 * @typedef {import('../../contract.js').Contract} Contract
 * @typedef {import('../../contract.js').Refusal} Refusal
 * @typedef {import('../../contract.js').ContractOperation} ContractOperation
 * @typedef {import('../../contract.js').ResponseViolation} ResponseViolation
 */

/**
 * What the pipeline does with an exchange that breaks the contract. It is given one, whole, so that no stage asks
 * which kind of server it runs in: a server that answers refuses every request that breaks the contract; a validating
 * proxy passes it on and counts; `strict` turns an answer that breaks it into an error naming the violations.
 * @typedef {object} PipelinePolicy
 * @property {(refusal: Refusal) => boolean} refuses whether a request that breaks the contract is refused with
 *   `refusal` (the error envelope naming its violations), or goes on to be answered, its violations journaled
 * @property {(operation: ContractOperation, status: number, violations: ResponseViolation[]) =>
 *   { status: number, text: string } | undefined} replacesAnswer the answer to send in place of one that broke the
 *   contract; undefined to send it as it is
 * @property {(violations: number) => Record<string, string> | undefined} headers headers every answer gets, told
 *   how many violations its exchange had
 */

/** Nothing is added to an answer. */
const NO_HEADERS = () => undefined;

/** An answer that broke the contract is sent as it is. */
const KEEP_ANSWER = () => undefined;

/**
 * The policy of a server that answers (the mock from its examples, the emulator from its state): a request that
 * breaks the contract is refused, and with `strict` an answer of its own that breaks it becomes a 500 naming the
 * violations, since it is the server's bug (or a spec change), never the client's.
 * @param {Contract} contract
 * @param {{ name: string, strict: boolean }} server the server, in the message of its 500
 * @returns {PipelinePolicy}
 */
export function servingPolicy(contract, { name, strict }) {
  return {
    refuses: () => true,
    replacesAnswer: strict
      ? replacedBy(contract, 500, {
          whose: name,
          advice: `a bug of the ${name}, or a spec change. Run without strict mode to see the answer.`,
        })
      : KEEP_ANSWER,
    headers: NO_HEADERS,
  };
}

/**
 * The policy of a validating proxy: every answer says how many violations its exchange had
 * (`X-Contract-Violations`, requests and answers together). Lenient by default, it passes on a request that breaks
 * the contract and the upstream's answer as it came, both judged and journaled: it watches, it does not stand in the
 * way. With `strict` it refuses such a request unsent, and turns an answer that breaks the contract into a 502 naming
 * the violations (the upstream's fault, not the proxy's).
 * @param {Contract} contract
 * @param {{ upstream: string, strict: boolean }} proxy the upstream, in the message of its 502
 * @returns {PipelinePolicy}
 */
export function proxyPolicy(contract, { upstream, strict }) {
  return {
    refuses: () => strict,
    replacesAnswer: strict
      ? replacedBy(contract, 502, {
          whose: `upstream ${upstream}`,
          advice: 'the answer was not passed on. Run without strict mode to see it.',
        })
      : KEEP_ANSWER,
    headers: (violations) => ({ 'X-Contract-Violations': String(violations) }),
  };
}

/**
 * The error sent in place of an answer that broke the contract: the status, the operation and each violation named.
 * @param {Contract} contract
 * @param {number} refused the status sent instead (500: the server's bug; 502: the upstream's)
 * @param {{ whose: string, advice: string }} said whose answer it was, and what to do
 * @returns {PipelinePolicy['replacesAnswer']}
 */
function replacedBy(contract, refused, { whose, advice }) {
  return ({ operationId }, status, violations) => {
    const errors = violations.map((violation) => violation.message).join('; ');
    const message = `The ${whose}'s answer broke the contract (${operationId} ${status}: ${errors}): ${advice}`;
    return {
      status: refused,
      text: JSON.stringify({ code: contract.errorCode(refused), message, details: violations }),
    };
  };
}
