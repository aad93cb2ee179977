import { bundledDocumentPath, createContract, loadContract, loadDocumentFile } from '@payments-connect/contract';
import { bindControlRoutes, installedDocsPage, isHttpUrl, startServer } from '@payments-connect/contract/server';
import { createConfiguredAnswers } from './configured-answers.js';
import { createControlHandlers } from './control-handlers.js';
import { CONTROL_PREFIX, MOCK_CONTROL_ROUTES } from './control-routes.js';
import { DEFAULT_HOST, DEFAULT_PORT } from './defaults.js';
import { prismGenerator } from './generated-payload.js';
import { createMockAnswerer } from './mock-answerer.js';
import { PREFERENCE_NAMES } from './mock-preferences.js';

/**
 * @typedef {object} MockOptions
 * @property {number} [port] port to listen on; 0 picks a free one
 * @property {string} [host] interface to listen on (default 127.0.0.1)
 * @property {boolean} [dynamic] answer with data generated from the schemas instead of the named examples
 * @property {string} [seed] makes `dynamic` answers repeatable
 * @property {string} [spec] path of a bundled OpenAPI 3.1 document (JSON or YAML) to serve instead of the bundled one
 * @property {import('@payments-connect/contract/server').Timeouts} [timeouts] how long slow clients may take
 *   (defaults: the limits of every server of the contract, in the README)
 * @property {string} [proxy] an upstream's base URL (the sandbox): every request is forwarded there instead of
 *   answered from the examples, and both directions are checked against the contract (see the README)
 * @property {boolean} [strict] with `proxy`: a request that breaks the contract is refused unsent, and an answer that
 *   breaks it becomes a 502 that names the violations
 * @property {(failure: import('@payments-connect/contract/server').UpstreamFailure) => void} [onUpstreamFailure]
 *   with `proxy`: called for each exchange the upstream failed (unreachable, broke off: 502; too slow: 504), which the
 *   mock answered itself
 * @property {import('@payments-connect/contract/server').JournalOptions} [journal] how many requests the journal
 *   keeps (`size`, default 10,000) and a file it appends each to as a JSON line (`file`)
 * @property {import('./configured-answers.js').MockAnswers} [answers] an answer per operationId in the `Prefer`
 *   syntax (`{ getRfiCase: 'example=closedCase' }`), for requests that state no preference of their own; changed at
 *   run time under `/_mock/answers`
 * @property {string} [record] with `proxy`: a file to write each exchange that keeps the contract to, as a recorded
 *   answer on a JSON line, without credentials (written anew; see the README)
 * @property {string} [replay] a recording `record` wrote: a request gets the answer recorded for its operation, path
 *   ids and query, in the order recorded, before the examples; each answer is checked against the contract at start.
 *   Not with `proxy`
 * @property {boolean} [replayStrict] with `replay`: a request with no recorded answer is refused (500, in the error
 *   envelope naming the closest recorded request) instead of answered from the examples, and counted
 *   (`summary().replay.refused`): a recording that no longer covers the tests fails the run
 */

/**
 * @typedef {import('@payments-connect/contract/server').ServerSummary & {
 *   recording?: import('./exchange-recorder.js').RecordingSummary,
 *   replay?: import('./replay-answerer.js').ReplaySummary }} MockSummary every exchange since start, what a recording
 *   proxy wrote (`recording`, with `record` only), and what a replay answered from its recording and did not
 *   (`replay`, with `replay` only)
 */

/**
 * @typedef {object} RunningMock
 * @property {string} url base URL, no trailing slash (`http://127.0.0.1:4010`)
 * @property {number} port
 * @property {string} specPath the document served
 * @property {string | undefined} docsUrl where it serves the rendered reference of `@payments-connect/docs`, whose Try
 *   it console calls this mock (`http://127.0.0.1:4010/_docs`); undefined when it serves another spec (`spec`)
 * @property {(filter?: import('@payments-connect/contract/server').JournalFilter) =>
 *   import('@payments-connect/contract/server').JournalEntry[]} requests the requests the mock received, oldest first,
 *   each with how it broke the contract (filter by `operationId`, `status`, `accountId`, `since`)
 * @property {() => void} clearRequests forgets them
 * @property {() => MockSummary} summary every exchange since start: how many, their violations by operation and
 *   kind (`causes`), a proxy's upstream failures, and what a recording proxy wrote and left out (`recording`)
 * @property {() => Promise<void>} stop stops listening, closes every open connection, flushes the journal's file and
 *   closes the recording; calling it twice is fine
 */

/**
 * Serves the mock in this process: the request pipeline of the contract, answering as the spec's examples say.
 * @param {MockOptions & { port?: number }} [options]
 * @returns {Promise<RunningMock>}
 * @throws {TypeError} (an `AnswerError`) for an answer of an operation the contract lacks, or that it does not
 *   document; (a `RecordingError`) for a recording to replay that the contract no longer takes
 * @throws {Error} with a readable message when the port is taken, the spec cannot be served, or a recording cannot
 *   be read or written
 */
export async function serveMock({
  port = DEFAULT_PORT,
  host = DEFAULT_HOST,
  dynamic = false,
  seed,
  spec,
  timeouts,
  journal,
  answers = {},
  proxy,
  strict = false,
  onUpstreamFailure,
  record,
  replay,
  replayStrict = false,
} = {}) {
  const specPath = spec ?? bundledDocumentPath();
  const document = spec === undefined ? undefined : loadDocumentFile(spec);
  let contract;
  try {
    // The bundled description's schemas are checked by the validators its build compiled; another's are compiled as
    // they are first used.
    contract = document === undefined ? loadContract() : createContract(document);
  } catch (error) {
    throw new Error(`cannot serve the spec ${specPath}: ${/** @type {Error} */ (error).message}`);
  }
  if (contract.operations.length === 0) throw new Error(`cannot serve the spec ${specPath}: it has no operations`);
  // Generated answers need the optional peer dependency: asked for at start, its absence is said at start.
  if (dynamic) prismGenerator();
  if (proxy !== undefined && !isHttpUrl(proxy)) throw new TypeError(`proxy must be an http(s) URL, got ${proxy}`);
  if (proxy !== undefined && Object.keys(answers ?? {}).length > 0)
    throw new TypeError('answers and proxy do not go together: a proxy answers with what its upstream answers');
  for (const [name, file] of Object.entries({ record, replay })) {
    if (file !== undefined && (typeof file !== 'string' || file === ''))
      throw new TypeError(`${name} must be the path of a file, got ${JSON.stringify(file)}`);
  }
  if (record !== undefined && proxy === undefined)
    throw new TypeError('record goes with proxy: it records what the upstream answers');
  if (replay !== undefined && proxy !== undefined)
    throw new TypeError('replay and proxy do not go together: a proxy answers with what its upstream answers');
  if (typeof replayStrict !== 'boolean') throw new TypeError(`replayStrict must be a boolean, got ${replayStrict}`);
  if (replayStrict && replay === undefined)
    throw new TypeError('replayStrict goes with replay: it refuses what the recording does not answer');
  const configured = createConfiguredAnswers(contract, { dynamic });
  configured.setAll(answers);
  // The reference describes the bundled spec: with another one it would document what the mock does not serve.
  const docsPage = spec === undefined ? installedDocsPage(import.meta.url) : undefined;
  /** @type {import('@payments-connect/contract/server').Answerer | undefined} the examples', a recording's first */
  let answer;
  /** @type {import('./replay-answerer.js').Replay | undefined} */
  let replaying;
  if (proxy === undefined) {
    answer = createMockAnswerer(contract, { dynamic, seed }, configured);
    // Checked before the mock listens: a recording the contract no longer takes is refused at start, whole.
    if (replay !== undefined) {
      // The recording's modules are loaded by the mock that replays one (and records one, below): not at every start.
      const [{ loadRecording }, { createReplayAnswerer }] = await Promise.all([
        import('./recording-file.js'),
        import('./replay-answerer.js'),
      ]);
      const recording = loadRecording(contract, replay);
      replaying = createReplayAnswerer(contract, recording, answer, configured, { strict: replayStrict });
      answer = replaying.answer;
    }
  }
  // Loaded before the mock listens: the recorder must be subscribed in the turn the server starts in.
  const recorderModule = record === undefined ? undefined : await import('./exchange-recorder.js');
  const server = await startServer({
    contract,
    name: 'mock',
    ...(answer === undefined ? { upstream: proxy } : { answer }),
    strict,
    onUpstreamFailure,
    control: {
      prefix: CONTROL_PREFIX,
      routes:
        proxy === undefined ? bindControlRoutes(MOCK_CONTROL_ROUTES, createControlHandlers(configured, replaying)) : [],
    },
    docsPage,
    // A proxy passes Prefer on to its upstream, which decides: the page offers it only where the mock answers.
    preferences: proxy === undefined ? PREFERENCE_NAMES : [],
    port,
    host,
    timeouts,
    journal,
  });
  // Opened once the mock listens (a port in use leaves an earlier recording as it was), and subscribed in the same
  // turn, before any request is read. Without `record`, no listener: a request costs what it did.
  let recorder;
  try {
    recorder = recorderModule?.createExchangeRecorder(contract, /** @type {string} */ (record));
  } catch (error) {
    await server.stop();
    throw error;
  }
  if (recorder) server.subscribe(recorder.record);
  const { url, docsUrl, requests, clearRequests } = server;
  return {
    url,
    port: server.port,
    specPath,
    docsUrl,
    requests,
    clearRequests,
    summary: () => ({
      ...server.summary(),
      ...(recorder ? { recording: recorder.summary() } : {}),
      ...(replaying ? { replay: replaying.summary() } : {}),
    }),
    stop: recorder
      ? () =>
          server.stop().finally(() => {
            recorder.close();
          })
      : server.stop,
  };
}
