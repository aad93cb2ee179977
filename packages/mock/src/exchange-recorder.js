import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { recordedAnswerOf } from './recorded-answer.js';

/**
 * @typedef {import('@payments-connect/contract').Contract} Contract
 * @typedef {import('@payments-connect/contract/server').Exchange} Exchange
 */

/**
 * @typedef {object} RecordingSummary what a recording proxy wrote, and what it left out and why
 * @property {string} file
 * @property {number} recorded exchanges written, one line each
 * @property {number} notRecorded exchanges left out
 * @property {Record<string, number>} reasons how many were left out for each reason (`the answer broke the contract`)
 */

/**
 * A credential at least this long is not written inside any text; a shorter one (a test's `Bearer t`) only as a
 * whole value, since as a part of a text it would match words.
 */
const MIN_CREDENTIAL_IN_TEXT = 8;

/**
 * The recorder of a validating proxy (`--record FILE`), a listener of the pipeline's exchanges: each exchange that kept
 * the contract is appended to the file as one JSON line (`recorded-answer.js`), with one write, as its answer is sent:
 * a process stopped any way, `SIGKILL` included, leaves whole lines. The file is written anew. No credential is
 * written: not the `Authorization` header (no request header is), not the token exchange's secret and tokens
 * (withheld), and an exchange whose bodies, headers or target hold a credential the proxy saw (a bearer token, a
 * secret, a token issued) is left out, as one that broke the contract is; the summary counts both by reason.
 * @param {Contract} contract
 * @param {string} file
 * @throws {Error} when the file cannot be written, saying why
 */
export function createExchangeRecorder(contract, file) {
  let fd;
  try {
    fd = openSync(file, 'w');
  } catch (error) {
    throw new Error(`cannot write the recording ${file}: ${/** @type {Error} */ (error).message}`);
  }
  let bytes = 0;
  let recorded = 0;
  /** @type {Map<string, number>} */
  const reasons = new Map();
  /** @type {Set<string>} every credential seen: bearer tokens sent, the token exchange's secrets and tokens */
  const credentials = new Set();
  /** @type {Error | undefined} */
  let failure;
  let closed = false;
  /** @param {string} reason */
  const leaveOut = (reason) => reasons.set(reason, (reasons.get(reason) ?? 0) + 1);

  return {
    /**
     * Writes an exchange, or counts why not.
     * @param {Exchange} exchange
     */
    record(exchange) {
      // An exchange answered after the stop (an upstream that was slow to answer) finds the file closed.
      if (closed) return;
      for (const value of exchange.request.headersDistinct.authorization ?? []) {
        const credential = value.replace(/^\S+\s+/, '').trim();
        if (credential !== '') credentials.add(credential);
      }
      const made = recordedAnswerOf(exchange, contract.tokenOperation);
      if ('skipped' in made) return leaveOut(made.skipped);
      for (const credential of made.credentials) credentials.add(credential);
      const text = JSON.stringify(made.answer);
      if (holdsCredential(text, made.answer, credentials)) return leaveOut('it holds a credential');
      if (failure) return leaveOut('the file could not be written');
      const line = Buffer.from(`${text}\n`);
      try {
        // One write a line: a line is in the file whole or not at all.
        const written = writeSync(fd, line);
        if (written < line.length) {
          ftruncateSync(fd, bytes);
          throw new Error(`${written} of the ${line.length} bytes of a line written (is the disk full?)`);
        }
        bytes += written;
        recorded += 1;
      } catch (error) {
        failure = /** @type {Error} */ (error);
        leaveOut('the file could not be written');
      }
    },
    /** @returns {RecordingSummary} */
    summary() {
      const notRecorded = [...reasons.values()].reduce((sum, count) => sum + count, 0);
      return { file, recorded, notRecorded, reasons: Object.fromEntries(reasons) };
    },
    /**
     * Closes the file; calling it again does nothing.
     * @throws {Error} when a line could not be written, saying why
     */
    close() {
      if (closed) return;
      closed = true;
      closeSync(fd);
      if (failure) throw new Error(`cannot write the recording ${file}: ${failure.message}`);
    },
  };
}

/** @typedef {ReturnType<typeof createExchangeRecorder>} ExchangeRecorder */

/**
 * Whether a line holds a credential: as a whole text value anywhere in it, or (one long enough) inside a text.
 * @param {string} text the line
 * @param {unknown} value what it was written from
 * @param {Set<string>} credentials
 */
function holdsCredential(text, value, credentials) {
  for (const credential of credentials) {
    if (!text.includes(JSON.stringify(credential).slice(1, -1))) continue;
    if (credential.length >= MIN_CREDENTIAL_IN_TEXT || holdsWhole(value, credential)) return true;
  }
  return false;
}

/**
 * @param {unknown} value
 * @param {string} text
 * @returns {boolean} whether `text` is a value somewhere in `value`
 */
function holdsWhole(value, text) {
  if (typeof value === 'string') return value === text;
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).some((member) => holdsWhole(member, text));
}
