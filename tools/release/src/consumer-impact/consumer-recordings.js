import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { journalEntryReader } from './journal-entry-reader.js';
import { recordedAnswerReader } from './recorded-answer-reader.js';

/**
 * One exchange a consumer had with the API, in the one shape every line format is read into. What a format does not
 * keep is said, not guessed: a header it does not record is unknown, a body it cut is incomplete.
 * @typedef {object} ObservedExchange
 * @property {string} method upper case
 * @property {string} target the path and query as sent
 * @property {string | null} operationId the operation the recording named (the gate matches the target itself)
 * @property {number} status the answer's status; 0 for none
 * @property {ObservedHeaders} requestHeaders
 * @property {ObservedBody | null} requestBody null: no body was sent
 * @property {ObservedHeaders} answerHeaders
 * @property {ObservedBody | null} answerBody null: the answer had no body
 * @property {boolean} answered false when the recording holds no answer of the API (the client went away, or a
 *   validating proxy answered for an upstream that failed)
 */

/**
 * @typedef {object} ObservedHeaders
 * @property {Record<string, string>} values by lower-case name
 * @property {string[] | 'all'} known the lower-case names the recording tells about: one of them missing from `values`
 *   was not sent; whether any other header was is unknown
 */

/**
 * @typedef {object} ObservedBody
 * @property {string} text as the recording kept it
 * @property {boolean} complete false when the recording cut it, or did not keep it
 * @property {string} [mediaType] its `Content-Type`, when the recording kept it
 */

/**
 * A line format of consumer recordings: a journal entry (`journal-entry-reader.js`), a recorded answer of the sandbox
 * (`recorded-answer-reader.js`).
 * @typedef {object} LineReader
 * @property {string} format how messages name it
 * @property {(record: Record<string, unknown>) => boolean} recognises whether a parsed line is of this format
 * @property {(record: Record<string, unknown>) => ObservedExchange | string} read the exchange, or what is wrong
 *   with it
 */

/**
 * The recordings of one consumer: one file, named after it.
 * @typedef {object} ConsumerRecording
 * @property {string} name the file's name without `.jsonl`
 * @property {string} file the file's name
 * @property {Array<{ line: number, exchange: ObservedExchange }>} exchanges
 */

/**
 * A line the gate could not read, by file and line number.
 * @typedef {{ file: string, line: number, message: string }} RecordingProblem
 */

/** How much of the parser's reason a problem quotes: it may quote the line, which can be 64 KiB long. */
const MAX_REASON_LENGTH = 120;

/** The line formats the gate reads, tried in order: a recorded answer has a method and a target too. */
const LINE_READERS = [recordedAnswerReader, journalEntryReader];

/**
 * Reads every `*.jsonl` file of a folder, one consumer a file, each line an exchange of a known format. A line that
 * is no JSON object, or of no known format, or whose fields are wrong, is a problem naming its file and line; the
 * other lines are read all the same.
 * @param {string} dir
 * @returns {Promise<{ dir: string, consumers: ConsumerRecording[], problems: RecordingProblem[] }>}
 * @throws {Error} when the folder cannot be read, saying why
 */
export async function readConsumerRecordings(dir) {
  const info = await stat(dir).catch((/** @type {NodeJS.ErrnoException} */ error) => {
    throw new Error(error.code === 'ENOENT' ? `${dir} does not exist` : `${dir} cannot be read: ${error.message}`);
  });
  if (!info.isDirectory()) throw new Error(`${dir} is not a folder`);
  const files = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.jsonl'))
    .map((entry) => entry.name)
    .sort();
  /** @type {ConsumerRecording[]} */
  const consumers = [];
  /** @type {RecordingProblem[]} */
  const problems = [];
  for (const file of files) {
    /** @type {ConsumerRecording} */
    const consumer = { name: basename(file, '.jsonl'), file, exchanges: [] };
    let line = 0;
    // Line by line: a journal of a long CI run may be large.
    for await (const text of createInterface({ input: createReadStream(join(dir, file)), crlfDelay: Infinity })) {
      line += 1;
      if (text.trim() === '') continue;
      const read = readLine(text);
      if (typeof read === 'string') problems.push({ file, line, message: read });
      else consumer.exchanges.push({ line, exchange: read });
    }
    consumers.push(consumer);
  }
  return { dir, consumers, problems };
}

/**
 * @param {string} text one line
 * @returns {ObservedExchange | string} the exchange, or what is wrong with the line
 */
function readLine(text) {
  let record;
  try {
    record = JSON.parse(text);
  } catch (error) {
    return `not JSON (${/** @type {Error} */ (error).message.slice(0, MAX_REASON_LENGTH)})`;
  }
  if (!record || typeof record !== 'object' || Array.isArray(record)) return 'not a JSON object';
  const reader = LINE_READERS.find((candidate) => candidate.recognises(record));
  if (!reader) return 'of no known format: a journal entry has method, target and status; a recorded answer, recording';
  const exchange = reader.read(record);
  return typeof exchange === 'string' ? `${reader.format}: ${exchange}` : exchange;
}
