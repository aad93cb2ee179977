/**
 * @typedef {import('../../contract.js').ContractOperation} ContractOperation
 * @typedef {import('../../contract.js').Violation} Violation
 * @typedef {import('../../contract.js').ResponseViolation} ResponseViolation
 */

/**
 * One request and its answer, as the pipeline publishes it once the answer is sent (or the client went away): what
 * the journal keeps, what the violation reports and a bin's stderr line say, what a recorder would write.
 * @typedef {object} Exchange
 * @property {ExchangeRequest} request its method, target (`url`) and headers, as sent
 * @property {number} arrived `performance.now()` when it arrived
 * @property {string} time the same, as an ISO 8601 time
 * @property {number} durationMs from its arrival to its answer, in ms
 * @property {ContractOperation | undefined} operation the operation it matched, undefined for none
 * @property {Uint8Array | undefined} requestBody its body, when it was read whole
 * @property {Violation[]} requestViolations how the request broke the contract: those its refusal names, or, when a
 *   lenient policy passed it on, every one found; empty when it kept it
 * @property {number} answeredStatus the status the server (or its upstream) answered with, before a strict policy
 *   replaced the answer
 * @property {ResponseViolation[]} answerViolations how that answer broke the contract; empty when it kept it or was not
 *   checked (the server's own answer in place of a failed upstream's)
 * @property {boolean} undocumented an error answer of an operation that documents no error status: held to the error
 *   envelope, reported apart, no violation (see `check-answer.js`)
 * @property {string | undefined} upstreamFailure why the server answered in its upstream's place (502, 504)
 * @property {number} status the status sent; 0 when the client went away before it was answered
 * @property {Record<string, string>} headers the answer's own headers as sent (the pipeline adds its length, its type
 *   and a proxy's `X-Contract-Violations`)
 * @property {string | undefined} answerText the body sent, as text (one passed on as it came, decoded)
 * @property {string[]} notes what else the server says of it (a `Prefer` it applied or ignored)
 * @property {RecordingPlace | undefined} replayed the recorded answer it was answered with, by a server replaying a
 *   recording
 */

/**
 * A request as an exchange names it: node:http's `IncomingMessage` itself, or the same fields of a Fetch `Request`.
 * @typedef {object} ExchangeRequest
 * @property {string} [method]
 * @property {string} [url] the path and query as sent
 * @property {Record<string, string | string[] | undefined>} headers lower-case names; several values joined by `, `
 *   (node:http keeps `set-cookie` a list)
 * @property {Record<string, string[] | undefined>} headersDistinct lower-case names, every value
 */

/**
 * @typedef {object} RecordingPlace where a replayed answer was recorded
 * @property {string} file the recording, as the server was given it
 * @property {number} line its line in the file, from 1
 */

/** @typedef {(exchange: Exchange) => void} ExchangeListener */

/**
 * The exchange of a request that has just arrived, timed from now, for the stages to fill in and the last to publish.
 * @param {ExchangeRequest} request
 * @returns {Exchange}
 */
export function startExchange(request) {
  return {
    request,
    arrived: performance.now(),
    time: isoNow(),
    durationMs: 0,
    operation: undefined,
    requestBody: undefined,
    requestViolations: [],
    answeredStatus: 0,
    answerViolations: [],
    undocumented: false,
    upstreamFailure: undefined,
    replayed: undefined,
    status: 0,
    headers: {},
    answerText: undefined,
    notes: [],
  };
}

/** The last time {@link isoNow} wrote, and the millisecond it wrote it for. */
let lastIso = { ms: 0, text: '' };

/**
 * Now, as an ISO 8601 time (to the millisecond, as `toISOString` writes it): written once a millisecond, however many
 * requests arrive in it. Every request is timed, and writing the time each time showed in the proxy's profile.
 */
function isoNow() {
  const ms = Date.now();
  if (ms !== lastIso.ms) lastIso = { ms, text: new Date(ms).toISOString() };
  return lastIso.text;
}

/**
 * The pipeline's one event: after each exchange, every listener is told, in the order they subscribed. The journal,
 * the violation reports (`onViolation`, `onUndocumented`, `onUpstreamFailure`) and a bin's stderr line are listeners,
 * not stages, as MSW's logging listens to its lifecycle events: an observer of exchanges is one more listener. A
 * listener that throws does not keep the others from being told; its error is thrown again in a microtask of its own,
 * so that a bug in one is as loud as an uncaught error (in Node and in a browser), never swallowed.
 * @returns {{ publish: (exchange: Exchange) => void, subscribe: (listener: ExchangeListener) => () => void }}
 *   `subscribe` answers a function that unsubscribes
 */
export function createExchangePublisher() {
  /** @type {ExchangeListener[]} a new array on each change, so that a publish walks the list it started with */
  let listeners = [];
  return {
    publish(exchange) {
      for (const listener of listeners) {
        try {
          listener(exchange);
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    },
    subscribe(listener) {
      listeners = [...listeners, listener];
      return () => {
        listeners = listeners.filter((each) => each !== listener);
      };
    },
  };
}
