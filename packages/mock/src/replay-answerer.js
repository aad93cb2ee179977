import { basename } from 'node:path';
import { closestFirst } from '@payments-connect/contract';
import { RefusalError } from '@payments-connect/contract/server';
import { statesPreferences } from './mock-preferences.js';
import { recordingKey } from './recorded-answer.js';

/**
 * @typedef {import('@payments-connect/contract').Contract} Contract
 * @typedef {import('@payments-connect/contract/server').AcceptedRequest} AcceptedRequest
 * @typedef {import('@payments-connect/contract/server').Answer} Answer
 * @typedef {import('@payments-connect/contract/server').Answerer} Answerer
 * @typedef {import('./recording-file.js').Recording} Recording
 * @typedef {import('./recording-file.js').ReplayedAnswer} ReplayedAnswer
 */

/**
 * The response header naming the recorded answer a request got, as `<file name>:<line>` (`Served-Recording:
 * sandbox.jsonl:3`), as `Served-Example` names an example: `Preference-Applied` says only what a request asked for
 * (RFC 7240), and a replayed request asked for nothing.
 */
export const SERVED_RECORDING_HEADER = 'Served-Recording';

/**
 * The response header of an answer a replaying mock did not take from its recording, saying why in a few words (`no
 * recorded answer`): a test that relies on the recording sees at once that this answer is the mock's own.
 */
export const NOT_REPLAYED_HEADER = 'Not-Replayed';

/**
 * The status a strict replay refuses a request with that has no recorded answer: the answer is the mock's failure to
 * stand in for the upstream, not the upstream's, and a 5xx is what a service treats as such (a 4xx would read as a
 * verdict on its request, which the upstream never gave).
 */
const NOT_RECORDED_STATUS = 500;

/**
 * @typedef {object} ReplaySummary what a replay answered since start
 * @property {string} file the recording
 * @property {number} replayed requests answered from it
 * @property {number} notReplayed requests answered as without it (no recorded answer, their own `Prefer`, an answer
 *   configured), strict misses aside
 * @property {number} refused requests a strict replay refused: no recorded answer (`replayStrict`)
 */

/**
 * @typedef {object} Replay the mock's answers from a recording
 * @property {Answerer} answer
 * @property {() => { file: string, served: number }} rewind starts every recorded sequence over, so that the tests can
 *   run again (a retry, watch mode, a second run against one mock); `served`: the answers served before it
 * @property {() => ReplaySummary} summary
 */

/**
 * The mock's answers from a recording (`--replay FILE`), before its own: a request gets the recorded answer of its
 * operation whose path ids and query are its own (the query in any order). The answers recorded for one such request
 * are served in the order they were recorded, one a request, as WireMock's scenarios step through their states: a
 * case polled `OPEN` then `CLOSED` is `OPEN` then `CLOSED` again. Past the last, the last is served again, as a
 * WireMock scenario stays in its last state: the sandbox, asked again, would most likely answer as it last did.
 * `rewind` starts them over. A request that states preferences of its own (`Prefer`), or whose operation has an answer
 * configured (`/_mock/answers`), is answered as without a recording: what a test asks for wins over what was recorded.
 * A request with no recorded answer is too, unless the replay is strict: then it is refused, naming the closest
 * recorded request, so that a recording that no longer covers the tests fails the run rather than passing on the
 * examples. The journal says which it was: an entry answered from the recording names its file and line (`replayed`),
 * and its notes say why a recorded answer was not served; the answer says so too (`Not-Replayed`).
 * @param {Contract} contract
 * @param {Recording} recording
 * @param {Answerer} answerWithout the mock's answers without a recording
 * @param {import('./configured-answers.js').ConfiguredAnswers} configured the answers configured per operation
 * @param {{ strict?: boolean }} [options] `strict`: refuse a request with no recorded answer
 * @returns {Replay}
 */
export function createReplayAnswerer(contract, recording, answerWithout, configured, { strict = false } = {}) {
  const name = basename(recording.file);
  /** @type {Map<string, Map<string, { answers: ReplayedAnswer[], served: number }>>} by operation, then key */
  const sequences = new Map();
  for (const answer of recording.answers) {
    const keyed = sequences.get(answer.operationId) ?? new Map();
    sequences.set(answer.operationId, keyed);
    const sequence = keyed.get(answer.key) ?? { answers: [], served: 0 };
    keyed.set(answer.key, sequence);
    sequence.answers.push(answer);
  }
  const counts = { replayed: 0, notReplayed: 0, refused: 0 };

  /**
   * Answered as without a recording, saying why in a note and a header.
   * @param {AcceptedRequest} request
   * @param {string} why a few words, for the header
   * @param {string} note what the journal says
   */
  function notReplayed(request, why, note) {
    counts.notReplayed += 1;
    return noted(answerWithout(request), note, { [NOT_REPLAYED_HEADER]: why });
  }

  /**
   * A request with no recorded answer: refused by a strict replay, naming the closest recorded request; else answered
   * as without a recording.
   * @param {AcceptedRequest} request
   */
  function notRecorded(request) {
    const { operationId } = request.operation;
    const asked = `${request.method} ${request.target}`;
    const closest = closestRecorded(recording.answers, operationId, asked);
    const near = closest ? `; the closest recorded request is ${closest.request} (${name}:${closest.line})` : '';
    if (!strict)
      return notReplayed(
        request,
        'no recorded answer',
        `${name} has no answer of ${operationId} for ${request.target}: answered as without a recording${near}`,
      );
    counts.refused += 1;
    const message = `${name} has no recorded answer of ${operationId} for ${asked} (--replay-strict)${near}`;
    const details = { recording: name, operationId, request: asked, closest: closest?.request ?? null };
    const refusal = new RefusalError(NOT_RECORDED_STATUS, message, { details }).toRefusal(contract, request.operation);
    const headers = { ...refusal.headers, [NOT_REPLAYED_HEADER]: 'no recorded answer (strict)' };
    return { status: refusal.status, headers, body: refusal.body, notes: [`refused: ${message}`] };
  }

  /** @type {Answerer} */
  function answer(request) {
    const { operationId } = request.operation;
    const sequence = sequences.get(operationId)?.get(recordingKey(request.path, request.query));
    if (sequence === undefined) return notRecorded(request);
    const next = /** @type {ReplayedAnswer} */ (
      sequence.answers[Math.min(sequence.served, sequence.answers.length - 1)]
    );
    const place = `${name}:${next.line}`;
    if (statesPreferences(request))
      return notReplayed(
        request,
        "the request's own preferences win",
        `the recorded answer ${place} not served: the request's own preferences win`,
      );
    if (configured.get(operationId) !== undefined)
      return notReplayed(
        request,
        `the answer configured for ${operationId} wins`,
        `the recorded answer ${place} not served: the answer configured for ${operationId} wins`,
      );
    sequence.served += 1;
    counts.replayed += 1;
    const { length } = sequence.answers;
    const again = sequence.served > length ? ', served again: it was the last' : '';
    const headers = { ...next.headers, [SERVED_RECORDING_HEADER]: place };
    const notes = [`the recorded answer ${place} (${Math.min(sequence.served, length)} of ${length}${again})`];
    const replayed = { file: recording.file, line: next.line };
    // Sent as an upstream's answer is passed on: the bytes made once at start, under the type recorded.
    if (next.text === undefined) return { status: next.status, headers, notes, replayed };
    return { status: next.status, headers, raw: Buffer.from(next.text), text: next.text, notes, replayed };
  }

  return {
    answer,
    rewind() {
      let served = 0;
      for (const keyed of sequences.values()) {
        for (const sequence of keyed.values()) {
          served += sequence.served;
          sequence.served = 0;
        }
      }
      return { file: recording.file, served };
    },
    summary: () => ({ file: recording.file, ...counts }),
  };
}

/**
 * The recorded request closest to one that has none: of the same operation when there is one, by the edit distance
 * of `METHOD target`.
 * @param {ReplayedAnswer[]} answers
 * @param {string} operationId
 * @param {string} asked `GET /v1/rfi/…`
 * @returns {ReplayedAnswer | undefined}
 */
function closestRecorded(answers, operationId, asked) {
  const same = answers.filter((answer) => answer.operationId === operationId);
  const candidates = same.length > 0 ? same : answers;
  const [request] = closestFirst(asked, new Set(candidates.map((answer) => answer.request)));
  return candidates.find((answer) => answer.request === request);
}

/**
 * An answer with one more note for the journal, and headers of its own.
 * @param {Answer | Promise<Answer>} answered
 * @param {string} note
 * @param {Record<string, string>} headers
 * @returns {Answer | Promise<Answer>}
 */
function noted(answered, note, headers) {
  if (answered instanceof Promise) return answered.then((answer) => noted(answer, note, headers));
  return { ...answered, headers: { ...answered.headers, ...headers }, notes: [...(answered.notes ?? []), note] };
}
