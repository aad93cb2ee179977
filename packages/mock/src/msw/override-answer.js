import { didYouMean, RefusalError } from '@payments-connect/contract/fetch';
import { documentedHeaders } from '../mock-answerer.js';

/**
 * @typedef {import('@payments-connect/contract').Contract} Contract
 * @typedef {import('@payments-connect/contract').ContractOperation} ContractOperation
 * @typedef {import('@payments-connect/contract/server').Answerer} Answerer
 * @typedef {import('@payments-connect/contract/server').Answer} Answer
 * @typedef {import('./operation-types.js').OperationId} OperationId
 */

/**
 * An override as this module calls it, whatever its operation: typed per operation where it is given
 * (`operation-types.js`).
 * @typedef {(request: { operationId: string, params: Record<string, unknown>, query: Record<string, unknown>,
 *   headers: Record<string, unknown>, body: unknown }) => unknown} AnyOverride
 */

/**
 * An override refused as it is given: an operation the contract does not have, or no function. Its message names the
 * override and what would be right (`overrides.getRfiCas: no operation getRfiCas in the contract; did you mean
 * getRfiCase?`).
 */
export class OverrideError extends TypeError {
  /**
   * @param {string} operationId the operation the override was given for
   * @param {string} problem what is wrong, and what would be right
   */
  constructor(operationId, problem) {
    super(`overrides.${operationId}: ${problem}`);
    this.name = 'OverrideError';
    this.operationId = operationId;
    this.problem = problem;
  }
}

/** What a test's override is refused with when its answer breaks the contract: the strict mock's status. */
const BROKEN_OVERRIDE_STATUS = 500;

/**
 * The operation an override is for, checked as it is given.
 * @param {Contract} contract
 * @param {string} operationId
 * @param {unknown} override
 * @returns {ContractOperation}
 * @throws {OverrideError} for an operation the contract lacks (naming the one meant), or an override that is no
 *   function
 */
export function overriddenOperation(contract, operationId, override) {
  const operation = contract.operation(operationId);
  if (!operation) {
    const names = contract.operations.map((o) => o.operationId);
    throw new OverrideError(
      operationId,
      `no operation ${operationId} in the contract; ${didYouMean(operationId, names)}`,
    );
  }
  if (typeof override !== 'function') {
    const got = override === null ? 'null' : typeof override;
    throw new OverrideError(
      operationId,
      `an override is a function of the request returning { status, body }, got ${got}`,
    );
  }
  return operation;
}

/**
 * The answer slot of an override: the override is given the request's values, typed by the contract, and its answer
 * is held to the contract before it is served, as the strict mock holds its own: one that breaks it is refused 500 in
 * the error envelope naming each violation (its place and rule), so that a test cannot fake an API the contract does
 * not have. An override that returns nothing leaves the request to the mock (`otherwise`).
 * @param {Contract} contract
 * @param {ContractOperation} operation
 * @param {AnyOverride} override
 * @param {Answerer} otherwise the mock's answerer
 * @returns {Answerer}
 */
export function overrideAnswerer(contract, operation, override, otherwise) {
  const { operationId } = operation;
  return (request) => {
    const { values } = request;
    const given = override({
      operationId,
      params: values.path,
      query: values.query,
      headers: values.header,
      body: values.body,
    });
    /** @param {unknown} answer @returns {Answer | Promise<Answer>} */
    const served = (answer) =>
      answer === undefined ? otherwise(request) : heldToContract(contract, operation, answer);
    return given instanceof Promise ? given.then(served) : served(given);
  };
}

/**
 * An override's answer as it is served, once the contract has judged it: its status, the documented headers with
 * their examples under its own, its body.
 * @param {Contract} contract
 * @param {ContractOperation} operation
 * @param {unknown} answer
 * @returns {Answer}
 * @throws {RefusalError} 500 naming what breaks the contract
 */
function heldToContract(contract, operation, answer) {
  const label = `the override of ${operation.operationId}`;
  if (answer === null || typeof answer !== 'object' || !Number.isInteger(/** @type {any} */ (answer).status)) {
    throw refused(`${label} answered ${JSON.stringify(answer)}: an override answers { status, body?, headers? }`, []);
  }
  const { status, body, headers = {} } = /** @type {{ status: number, body?: unknown, headers?: object }} */ (answer);
  const documented = contract.findDocumentedResponse(operation, status);
  /** @type {Record<string, string>} */
  const sent = {
    ...(documented ? documentedHeaders(contract, documented, { dynamic: false }) : {}),
    ...Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)])),
  };
  const text = body === undefined ? '' : JSON.stringify(body);
  const verdict = contract.validateResponse(operation, {
    status,
    headers: body === undefined ? sent : { 'content-type': 'application/json', ...sent },
    bodyText: text,
    value: body,
  });
  const violations = verdict.problems.flatMap((problem) => problem.violations);
  if (violations.length > 0) {
    const named = violations.map(({ location, name, rule, message }) => `${location} ${name} (${rule}): ${message}`);
    throw refused(
      `${label} answered ${status}, which breaks the contract: ${named.join('; ')}. ` +
        `Answer what ${operation.operationId} documents (a fixture of its examples keeps it)`,
      violations,
    );
  }
  return {
    status,
    headers: sent,
    body,
    notes: [`answered by the test's override of ${operation.operationId}`],
  };
}

/**
 * @param {string} message
 * @param {import('@payments-connect/contract').ResponseViolation[]} violations
 */
function refused(message, violations) {
  return new RefusalError(BROKEN_OVERRIDE_STATUS, message, { details: violations });
}
