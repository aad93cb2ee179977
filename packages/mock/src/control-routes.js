import { defineControlRoutes } from '@payments-connect/contract/control';

/**
 * @template {unknown[]} [Args=[]]
 * @template [Result=unknown]
 * @typedef {import('@payments-connect/contract/control').ControlRouteDeclaration<Args, Result>} Route
 */
/**
 * @typedef {import('./configured-answers.js').MockAnswers} MockAnswers
 * @typedef {import('./configured-answers.js').ConfiguredAnswer} ConfiguredAnswer
 */

/**
 * @typedef {object} ReplayRewound what `POST /_mock/replay/rewind` answers
 * @property {string | null} file the recording replayed, null when the mock replays none
 * @property {number} served how many recorded answers it had served since start, or since the last rewind
 */

/** The mock's own test API (the request journal), outside `/v1` so that it never collides with a documented path. */
export const CONTROL_PREFIX = '/_mock';

/**
 * The mock's control API of its configured answers and of the recording it replays, under {@link CONTROL_PREFIX}:
 * one declaration per route, from which the mock serves it (`control-handlers.js` does each route's work) and
 * `connectMock` makes its methods. A validating proxy has none of them: its upstream answers. The routes every server
 * has (`health`, `requests`, `clearRequests`) are the contract's (`SERVER_CONTROL_ROUTES`).
 */
export const MOCK_CONTROL_ROUTES = defineControlRoutes({
  /**
   * the answers configured, by operationId (a scenario: the shape of a `--scenario` file)
   * @type {Route<[], MockAnswers>}
   */
  answers: { method: 'GET', path: '/answers' },
  /**
   * configures the answer of an operation (`'code=409, example=rfiNotOpen'`) for every request of it that states no
   * preference of its own, and resolves to what it answers with
   * @type {Route<[operationId: string, answer: string], ConfiguredAnswer>}
   */
  setAnswer: {
    method: 'PUT',
    path: '/answers/{operationId}',
    toRequest: (operationId, answer) => ({ params: { operationId }, body: { answer } }),
  },
  /**
   * forgets the answer of one operation, or all of them
   * @type {Route<[operationId?: string], void>}
   */
  clearAnswers: {
    method: 'DELETE',
    path: '/answers{/operationId}',
    toRequest: (operationId) => ({ params: { operationId } }),
  },
  /**
   * starts the recording a mock replays (`--replay`) over: each recorded request gets its first recorded answer
   * again, so that the tests can run again against the same mock (a retry, watch mode, a second run)
   * @type {Route<[], ReplayRewound>}
   */
  rewindReplay: { method: 'POST', path: '/replay/rewind' },
});
