import { RefusalError } from '../../control/refusal-error.js';

/**
 * @typedef {import('../../contract.js').Contract} Contract
 * @typedef {import('../../contract.js').ContractOperation} ContractOperation
 * @typedef {import('../../contract.js').RequestValues} RequestValues
 * @typedef {import('./publish-exchange.js').RecordingPlace} RecordingPlace
 */

/**
 * A request that kept the contract, as a server's answerer is given it.
 * @typedef {object} AcceptedRequest
 * @property {'accepted'} kind
 * @property {ContractOperation} operation
 * @property {RequestValues} values what the request carries, typed by the contract
 * @property {string} path the normalised request path
 * @property {URLSearchParams} query every query parameter, documented or not
 * @property {Record<string, string[] | undefined>} headers every header, lower-case names, every value
 * @property {Uint8Array} body the body as it came (empty for none)
 * @property {string} method
 * @property {string} target the path and query as sent
 */

/**
 * A request that broke the contract and that a lenient policy passes on all the same (a validating proxy's).
 * @typedef {object} PassedOnRequest
 * @property {'passed-on'} kind
 * @property {ContractOperation | undefined} operation the operation, when it matched one
 * @property {Record<string, string[] | undefined>} headers every header, lower-case names, every value
 * @property {Uint8Array} body the body as it came (empty for none)
 * @property {string} method
 * @property {string} target the path and query as sent
 */

/** @typedef {AcceptedRequest | PassedOnRequest} ReadRequest a request read whole, as the answer stage is given it */

/**
 * @typedef {object} Answer what a request is answered with
 * @property {number} status
 * @property {Record<string, string>} [headers]
 * @property {unknown} [body] a JSON value, serialised by the pipeline; none when undefined
 * @property {string} [text] the JSON text, already serialised (a server that keeps answers made once); with `raw`,
 *   the body as text, decoded from its `Content-Encoding`: what is judged and journaled
 * @property {Uint8Array} [raw] a body to pass on as it is, its type and encoding in `headers` (what an upstream
 *   answered)
 * @property {string[]} [notes] what the journal should say of the exchange beside it (a `Prefer` applied or ignored)
 * @property {string} [upstreamFailure] why this is the server's own answer in its upstream's place (a 502 when the
 *   upstream cannot be reached or broke off, a 504 when it was too slow): no verdict on the upstream, so not checked
 * @property {RecordingPlace} [replayed] the recorded answer this is, when a server replays a recording (the mock's
 *   `replay`): the journal says so
 */

/**
 * @typedef {(request: AcceptedRequest) => Answer | Promise<Answer>} Answerer how a server answers a request that
 *   keeps the contract; it throws a `RefusalError` to refuse one
 */

/**
 * The answer stage: the server's answer to a request read whole and checked (the mock's examples, the emulator's
 * state, an upstream's answer). A `RefusalError` it throws is its refusal, in the error envelope with the code the
 * contract gives its status; anything else it throws is a fault of the server, for the pipeline to answer 500. A
 * synchronous answer stays synchronous: no turn of the event loop.
 * @param {Contract} contract
 * @param {(request: ReadRequest) => Answer | Promise<Answer>} answer
 * @param {ReadRequest} request
 * @returns {Answer | Promise<Answer>}
 */
export function answerRequest(contract, answer, request) {
  /** @param {unknown} error @returns {Answer} */
  const refusal = (error) => {
    if (!(error instanceof RefusalError)) throw error;
    return error.toRefusal(contract, request.operation);
  };
  try {
    const answering = answer(request);
    return answering instanceof Promise ? answering.catch(refusal) : answering;
  } catch (error) {
    return refusal(error);
  }
}
