import { RefusalError } from '@payments-connect/contract/control';
import { AnswerError } from './configured-answers.js';

/**
 * @typedef {import('@payments-connect/contract/server').ControlRequest} ControlRequest
 * @typedef {import('./configured-answers.js').ConfiguredAnswers} ConfiguredAnswers
 * @typedef {import('./replay-answerer.js').Replay} Replay
 */

/**
 * The work of the routes of the configured answers (`MOCK_CONTROL_ROUTES`), by name: `answers` lists them (a
 * scenario, the shape of a `--scenario` file), `setAnswer` takes `{ "answer": "code=409, example=rfiNotOpen" }`, sets
 * one and says what it answers with, `clearAnswers` forgets one or all. An unknown operation, or an answer it does not
 * document, is refused 400 naming what there is, the closest first. `rewindReplay` starts the recording over (a mock
 * that replays none has nothing to start over: it says so, `file: null`).
 * @param {ConfiguredAnswers} configured
 * @param {Replay} [replay] the recording the mock replays
 */
export function createControlHandlers(configured, replay) {
  return {
    rewindReplay: () => ({ status: 200, body: replay ? replay.rewind() : { file: null, served: 0 } }),
    answers: () => ({ status: 200, body: configured.list() }),
    setAnswer: (/** @type {ControlRequest} */ { params, body }) => {
      const extra = Object.keys(body).filter((name) => name !== 'answer');
      if (typeof body.answer !== 'string' || extra.length > 0) {
        const got = extra.length > 0 ? `unknown field ${extra[0]}` : 'no answer';
        throw new RefusalError(400, `the body is { "answer": "code=409, example=rfiNotOpen" }: ${got}`);
      }
      return { status: 200, body: refusedAs400(() => configured.set(String(params.operationId), body.answer)) };
    },
    clearAnswers: (/** @type {ControlRequest} */ { params }) => {
      if (params.operationId === undefined) configured.clear();
      else refusedAs400(() => configured.clear(String(params.operationId)));
      return { status: 204 };
    },
  };
}

/**
 * @template T
 * @param {() => T} change
 * @returns {T}
 * @throws {RefusalError} 400 with the problem of an {@link AnswerError}
 */
function refusedAs400(change) {
  try {
    return change();
  } catch (error) {
    if (error instanceof AnswerError) throw new RefusalError(400, error.problem);
    throw error;
  }
}
