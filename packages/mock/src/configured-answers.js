import { closestFirst } from '@payments-connect/contract/fetch';
import { prismGenerator } from './generated-payload.js';
import { chooseResponse, readPreferences } from './mock-preferences.js';

/**
 * @typedef {import('@payments-connect/contract').Contract} Contract
 * @typedef {import('./mock-preferences.js').Preferences} Preferences
 */

/**
 * @typedef {Record<string, string>} MockAnswers answers by operationId, each in the syntax of the `Prefer` header
 *   (`{ "answerRfiQuestion": "code=409, example=rfiNotOpen", "getRfiCase": "example=closedCase" }`): what a request
 *   of that operation is answered with when it states no preference of its own. The shape of a scenario file
 *   (`--scenario`), of `startMock({ answers })` and of `GET /_mock/answers`.
 */

/**
 * @typedef {object} ConfiguredAnswer an answer configured for an operation, and what it answers with
 * @property {string} operationId
 * @property {string} answer as it was given, trimmed (`code=409, example=rfiNotOpen`)
 * @property {number} status the status it answers with
 * @property {string | null} example the named example it answers with; null for none (a generated answer, a
 *   response without examples)
 */

/**
 * An answer refused: an operation the contract does not have, or one that the operation does not document (a status
 * or an example name it lacks). The mock's four places of answers each say it their way: a usage error of the
 * command, a `TypeError` of `startMock`, a 400 of `PUT /_mock/answers/{operationId}`.
 */
export class AnswerError extends TypeError {
  /**
   * @param {string} operationId the operation the answer was meant for
   * @param {string} problem what is wrong, naming what exists, the closest first
   */
  constructor(operationId, problem) {
    super(`answers.${operationId}: ${problem}`);
    this.name = 'AnswerError';
    this.operationId = operationId;
    this.problem = problem;
  }
}

/**
 * The answers configured for the mock's operations, checked against the contract when they are set, so that a
 * request never meets an answer its operation cannot give. Global to the mock: every client of it gets them.
 * @param {Contract} contract
 * @param {{ dynamic: boolean }} defaults the mock's own `--dynamic`: an answer that does not say is generated then
 */
export function createConfiguredAnswers(contract, defaults) {
  /** @type {Map<string, { answer: string, preferences: Preferences }>} in the order they were first set */
  const answers = new Map();

  /**
   * @param {string} operationId
   * @returns {import('@payments-connect/contract').ContractOperation}
   * @throws {AnswerError} naming the operations there are, the closest first
   */
  function operationOf(operationId) {
    const operation = contract.operation(operationId);
    if (operation) return operation;
    const names = closestFirst(
      operationId,
      contract.operations.map((o) => o.operationId),
    ).join(', ');
    throw new AnswerError(operationId, `no operation ${operationId} in the contract; it has ${names}`);
  }

  const configured = {
    /**
     * Configures (or replaces) the answer of an operation.
     * @param {string} operationId
     * @param {string} answer in the `Prefer` syntax (`code=409, example=rfiNotOpen`, `dynamic=true, seed=7`)
     * @returns {ConfiguredAnswer}
     * @throws {AnswerError} for an unknown operation, or an answer it does not document
     */
    set(operationId, answer) {
      const operation = operationOf(operationId);
      const read = readPreferences(answer, { strict: true });
      if ('problem' in read) throw new AnswerError(operationId, read.problem);
      const chosen = chooseResponse(operation, read.preferences);
      if ('problem' in chosen) throw new AnswerError(operationId, chosen.problem);
      if (read.preferences.dynamic) {
        // The optional peer dependency is asked for now, not at the first request that would need it.
        try {
          prismGenerator();
        } catch (error) {
          throw new AnswerError(operationId, /** @type {Error} */ (error).message);
        }
      }
      const trimmed = answer.trim();
      answers.set(operationId, { answer: trimmed, preferences: read.preferences });
      const generated = (read.preferences.dynamic ?? defaults.dynamic) && read.preferences.example === undefined;
      const example = generated ? undefined : chosen.example;
      return { operationId, answer: trimmed, status: Number(chosen.response.status), example: example ?? null };
    },
    /**
     * Configures the answers a mock starts with (`startMock({ answers })`, `createHandlers({ answers })`), each as
     * `set` does.
     * @param {unknown} given an object of operationId to answer
     * @throws {TypeError} for no such object; an {@link AnswerError} for an answer that is no string, or that `set`
     *   refuses
     */
    setAll(given) {
      if (!given || typeof given !== 'object' || Array.isArray(given))
        throw new TypeError(`answers must be an object of operationId to answer, got ${JSON.stringify(given)}`);
      for (const [operationId, answer] of Object.entries(given)) {
        if (typeof answer !== 'string')
          throw new AnswerError(
            operationId,
            `an answer is a string such as "code=409, example=rfiNotOpen", got ${JSON.stringify(answer)}`,
          );
        configured.set(operationId, answer);
      }
    },
    /**
     * The answer configured for an operation, if any.
     * @param {string} operationId
     */
    get(operationId) {
      return answers.get(operationId);
    },
    /**
     * Forgets the answer of one operation, or of every one.
     * @param {string} [operationId]
     * @throws {AnswerError} for an unknown operation
     */
    clear(operationId) {
      if (operationId === undefined) answers.clear();
      else answers.delete(operationOf(operationId).operationId);
    },
    /**
     * Every answer configured, by operationId: a scenario, as a file of `--scenario` holds one.
     * @returns {MockAnswers}
     */
    list() {
      return Object.fromEntries([...answers].map(([operationId, { answer }]) => [operationId, answer]));
    },
  };
  return configured;
}

/** @typedef {ReturnType<typeof createConfiguredAnswers>} ConfiguredAnswers */
