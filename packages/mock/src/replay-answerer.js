import { basename } from 'node:path';
import { statesPreferences } from './mock-preferences.js';
import { recordingKey } from './recorded-answer.js';

/**
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
 * The mock's answers from a recording (`--replay FILE`), before its own: a request gets the recorded answer of its
 * operation whose path ids and query are its own (the query in any order). The answers recorded for one such request
 * are served in the order they were recorded, one a request, as WireMock's scenarios step through their states: a
 * case polled `OPEN` then `CLOSED` is `OPEN` then `CLOSED` again. Past the last, the last is served again, as a
 * WireMock scenario stays in its last state: the sandbox, asked again, would most likely answer as it last did.
 * A request with no recorded answer, one that states preferences of its own (`Prefer`), and one whose operation has an
 * answer configured (`/_mock/answers`) are answered as without a recording: what a test asks for wins over what was
 * recorded. The journal says which it was: an entry answered from the recording names its file and line (`replayed`),
 * and its notes say why a recorded answer was not served.
 * @param {Recording} recording
 * @param {Answerer} answerWithout the mock's answers without a recording
 * @param {import('./configured-answers.js').ConfiguredAnswers} configured the answers configured per operation
 * @returns {Answerer}
 */
export function createReplayAnswerer(recording, answerWithout, configured) {
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

  return (request) => {
    const { operationId } = request.operation;
    const keyed = sequences.get(operationId);
    if (keyed === undefined) return answerWithout(request);
    const sequence = keyed.get(recordingKey(request.path, request.query));
    if (sequence === undefined) {
      const note = `${name} has no answer of ${operationId} for ${request.target}: answered as without a recording`;
      return noted(answerWithout(request), note);
    }
    const next = /** @type {ReplayedAnswer} */ (
      sequence.answers[Math.min(sequence.served, sequence.answers.length - 1)]
    );
    const place = `${name}:${next.line}`;
    if (statesPreferences(request))
      return noted(
        answerWithout(request),
        `the recorded answer ${place} not served: the request's own preferences win`,
      );
    const answer = configured.get(operationId);
    if (answer !== undefined)
      return noted(
        answerWithout(request),
        `the recorded answer ${place} not served: the answer configured for ${operationId} wins`,
      );
    sequence.served += 1;
    const { length } = sequence.answers;
    const again = sequence.served > length ? ', served again: it was the last' : '';
    const headers = { ...next.headers, [SERVED_RECORDING_HEADER]: place };
    const notes = [`the recorded answer ${place} (${Math.min(sequence.served, length)} of ${length}${again})`];
    const replayed = { file: recording.file, line: next.line };
    // Sent as an upstream's answer is passed on: the bytes made once at start, under the type recorded.
    if (next.text === undefined) return { status: next.status, headers, notes, replayed };
    return { status: next.status, headers, raw: Buffer.from(next.text), text: next.text, notes, replayed };
  };
}

/**
 * An answer with one more note for the journal.
 * @param {Answer | Promise<Answer>} answered
 * @param {string} note
 * @returns {Answer | Promise<Answer>}
 */
function noted(answered, note) {
  if (answered instanceof Promise) return answered.then((answer) => noted(answer, note));
  return { ...answered, notes: [...(answered.notes ?? []), note] };
}
