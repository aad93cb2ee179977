#!/usr/bin/env node
// payments-connect-mock: serves the Payments Connect mock in the foreground until it is stopped, or (exec) while a
// command runs against it.
import module from 'node:module';
import {
  dataError,
  EXIT_FAILURE,
  execCommand,
  readServerCommandLine,
  runFailure,
  SERVER_FLAGS,
  serveInForeground,
  serverCommandUsage,
  serverFlagsUsage,
  serverOptionsOf,
  usageError,
  writeEnvFile,
} from '@payments-connect/contract/command-line';
import { SERVER_CONTROL_ROUTES } from '@payments-connect/contract/control';
import { DOCS_PATH, HEALTH_PATH, isHttpUrl } from '@payments-connect/contract/server';
import { AnswerError } from '../src/configured-answers.js';
import { CONTROL_PREFIX, MOCK_CONTROL_ROUTES } from '../src/control-routes.js';
import { DEFAULT_PORT } from '../src/defaults.js';
import { serveMock } from '../src/serve-mock.js';

/** Where a running mock lists the requests it received, and its configured answers. */
const REQUESTS_PATH = `${CONTROL_PREFIX}${SERVER_CONTROL_ROUTES.requests.path}`;
const ANSWERS_PATH = `${CONTROL_PREFIX}${MOCK_CONTROL_ROUTES.answers.path}`;

const SHARED = serverCommandUsage({
  name: 'payments-connect-mock',
  server: 'mock',
  settings: "PAYMENTS_CONNECT_BASE_URL set to the mock's URL",
  healthPath: `${CONTROL_PREFIX}${HEALTH_PATH}`,
});

const COMMAND = {
  name: 'payments-connect-mock',
  usage: `${SHARED.synopsis}

${serverFlagsUsage(DEFAULT_PORT)}
  --dynamic             answer with data generated from the schemas instead of the named examples
  --seed <s>            seed that makes --dynamic answers repeatable
  --spec <file>         bundled OpenAPI 3.1 document to serve (default: the bundled @payments-connect/openapi)
  --answer <op=answer>  answer an operation so when its request states no preference of its own (repeatable):
                        --answer getRfiCase=example=closedCase
                        --answer 'answerRfiQuestion=code=409, example=rfiNotOpen'
  --scenario <file>     answers from a JSON file, { "getRfiCase": "example=closedCase" }; --answer wins over it
  --proxy <url>         forward every request to this server (the sandbox) and check both directions against the
                        contract; each answer says how many violations it had (X-Contract-Violations)
  --strict              with --proxy: refuse a request that breaks the contract, unsent, and turn an answer that
                        breaks it into a 502 naming the violations
  --fail-on-violation   with --proxy: exit 1 when stopped if any exchange broke the contract, or the upstream failed
                        one (unreachable or too slow: that exchange was never judged)
  --record <file>       with --proxy: write each exchange that keeps the contract to this file (written anew), one
                        JSON line as it happens, without credentials; a summary when stopped says what was left out
  --replay <file>       answer each request that was recorded (--record) with its recorded answer, in the order
                        recorded, the last one again past the end; any other as without it. Every answer is checked
                        against the contract at start (Served-Recording: <file>:<line> names the one served; an
                        answer that is not, Not-Replayed: <why>). POST ${CONTROL_PREFIX}/replay/rewind starts it over
  --replay-strict       with --replay: refuse a request with no recorded answer (500, naming the closest recorded
                        request) instead of answering it from the examples, and exit 1 when stopped if there was one
  --write-env <file>    write PAYMENTS_CONNECT_BASE_URL=<its URL> to this file before it prints the URL
  -h, --help            this help

${SHARED.exec}

Pick an answer per request with the Prefer header:  Prefer: code=404  or  Prefer: example=closedCase
The requests it received: GET ${REQUESTS_PATH}. The answers: GET, PUT, DELETE ${ANSWERS_PATH}.
The API reference, with Try it: GET ${DOCS_PATH}.
${SHARED.stops}
Exit status: 0 when stopped, 1 when it cannot serve (port in use, spec, scenario or recording unreadable, a
recording that cannot be written) or, with --fail-on-violation, when an exchange broke the contract or the upstream
failed one, or with --replay-strict when a request had no recorded answer; 2 for a usage error (an answer of an
operation the spec lacks, or that it does not document, among them), a scenario file that holds none, or a
recording to replay that the contract no longer takes.
exec exits with the command's status (128 + n for a command signal n ended, 127 for one not found), or 1 when the
command passed but --fail-on-violation saw a violation or an upstream failure, or --replay-strict a request with no
recorded answer.`,
};

// Node 22.1+ caches compiled code between runs, so later starts load faster.
/** @type {{ enableCompileCache?: () => unknown }} */ (module).enableCompileCache?.();

const { values: args, run } = readServerCommandLine(COMMAND, {
  options: {
    ...SERVER_FLAGS,
    dynamic: { type: 'boolean', default: false },
    seed: { type: 'string' },
    spec: { type: 'string' },
    answer: { type: 'string', multiple: true },
    scenario: { type: 'string' },
    proxy: { type: 'string' },
    strict: { type: 'boolean', default: false },
    'fail-on-violation': { type: 'boolean', default: false },
    record: { type: 'string' },
    replay: { type: 'string' },
    'replay-strict': { type: 'boolean', default: false },
    'write-env': { type: 'string' },
  },
});
const proxy = args.proxy;
if (proxy === undefined && (args.strict || args['fail-on-violation']))
  usageError(COMMAND, `--${args.strict ? 'strict' : 'fail-on-violation'} goes with --proxy`);
if (proxy !== undefined && !isHttpUrl(proxy)) usageError(COMMAND, `--proxy must be an http(s) URL, got '${proxy}'`);
// A recording is what an upstream answered: one is made through a proxy, and one replayed answers in its place.
if (args.record !== undefined && proxy === undefined)
  usageError(COMMAND, '--record goes with --proxy: it records what the upstream answers');
if (args.replay !== undefined && proxy !== undefined)
  usageError(COMMAND, '--replay does not go with --proxy: a proxy answers as its upstream does');
if (args['replay-strict'] && args.replay === undefined)
  usageError(COMMAND, '--replay-strict goes with --replay: it refuses what the recording does not answer');
const { port, host, journal } = serverOptionsOf(COMMAND, args, DEFAULT_PORT);
const flagAnswers = answersOfFlags(args.answer ?? []);
const scenarioAnswers = args.scenario === undefined ? {} : await scenarioOf(args.scenario);

if (proxy !== undefined && (args.answer?.length || args.scenario))
  usageError(
    COMMAND,
    `--${args.scenario ? 'scenario' : 'answer'} does not go with --proxy: a proxy answers as its upstream does`,
  );
const mock = await serveMock({
  port,
  host,
  journal,
  dynamic: args.dynamic,
  seed: args.seed,
  spec: args.spec,
  answers: { ...scenarioAnswers, ...flagAnswers },
  proxy,
  strict: args.strict,
  record: args.record,
  replay: args.replay,
  replayStrict: args['replay-strict'],
  // Said as it happens: a proxy whose upstream is down answers 502s that are no verdict on the contract.
  onUpstreamFailure: ({ method, target, status, message }) =>
    process.stderr.write(`[upstream] ${method} ${target} -> ${status}: ${message}\n`),
}).catch(async (error) => {
  // Loaded as it is needed, as serveMock loads it: only a mock that replays a recording can be refused one.
  const { RecordingError } = await import('../src/recording-file.js');
  if (error instanceof RecordingError) return dataError(COMMAND, `--replay ${error.message}`);
  if (!(error instanceof AnswerError)) runFailure(COMMAND, error.message);
  // Said as the user wrote it: the flag (a usage error), or the file and the operation in it (what a file holds).
  if (error.operationId in flagAnswers) return usageError(COMMAND, `--answer ${error.operationId}: ${error.problem}`);
  return dataError(COMMAND, `--scenario ${args.scenario}: ${error.operationId}: ${error.problem}`);
});
// With exec, the command's output is its own: what the mock says goes to stderr.
const say = (/** @type {string} */ line) => (run ? process.stderr : process.stdout).write(`${line}\n`);
if (!run) serveInForeground(stopMock, { name: COMMAND.name });
const settings = { PAYMENTS_CONNECT_BASE_URL: mock.url };
// Written before the URL is printed, as the emulator does: a script that waits for the URL can read the file at once.
const envFile = args['write-env'];
if (envFile !== undefined) {
  try {
    writeEnvFile(envFile, settings, `The Payments Connect mock's settings for ${mock.url}`);
  } catch (error) {
    await mock.stop();
    runFailure(COMMAND, /** @type {Error} */ (error).message);
  }
}
const dynamic = args.dynamic ? ` (dynamic answers${args.seed ? `, seed ${args.seed}` : ''})` : '';
// The first line has one shape in every mode, for a script that reads the URL from it.
say(`Payments Connect mock listening on ${mock.url}`);
if (proxy) say(`  a validating proxy to ${proxy}: every exchange is checked against the contract`);
if (args.record) say(`  recording to ${args.record}: each exchange that keeps the contract, without credentials`);
if (args.replay) say(`  replaying ${args.replay}: a request that was recorded gets its recorded answer, in order`);
if (args['replay-strict']) say('  strictly: a request with no recorded answer is refused, and fails the run');
say(`  spec: ${mock.specPath}${dynamic}`);
say(`  requests received: ${mock.url}${REQUESTS_PATH}${journal.file ? ` (and ${journal.file})` : ''}`);
if (envFile !== undefined) say(`  settings written to ${envFile}`);
const answers = Object.entries({ ...scenarioAnswers, ...flagAnswers });
if (answers.length > 0) say(`  answers: ${answers.map(([id, answer]) => `${id}: ${answer}`).join('; ')}`);
if (mock.docsUrl) say(`  docs: ${mock.docsUrl} (the API reference, with Try it)`);
if (!proxy) say('  pick an answer with the Prefer header, e.g. "Prefer: code=404" or "Prefer: example=closedCase"');
if (run) {
  await execCommand(COMMAND, {
    run,
    settings,
    healthUrl: `${mock.url}${CONTROL_PREFIX}${HEALTH_PATH}`,
    stop: stopMock,
    requests: { count: () => mock.summary().exchanges, server: 'mock', setup: '@payments-connect/mock/vitest' },
  });
}

/**
 * Stops the mock; a proxy then says what it saw, and with --fail-on-violation ends 1 if it saw a violation or an
 * upstream failure; a strict replay ends 1 if a request had no recorded answer. What failed the run goes with it.
 * @returns {Promise<number | import('@payments-connect/contract/command-line').ServerVerdict>} the exit status
 */
async function stopMock() {
  /** @type {Error | undefined} */
  let failure;
  await mock.stop().catch((/** @type {Error} */ error) => {
    failure = error;
  });
  const summary = mock.summary();
  if (summary.replay) say(replaySummary(summary.replay));
  if (proxy !== undefined) say(proxySummary(summary));
  if (summary.recording) say(recordingSummary(summary.recording));
  if (failure) return failed(failure);
  /** @type {string[]} */
  const why = [];
  if (summary.replay?.refused)
    why.push(`${summary.replay.refused} request(s) with no recorded answer (--replay-strict)`);
  // An exchange the upstream failed is no violation, yet it fails the run too: it was never judged, and a CI job whose
  // sandbox was unreachable (a wrong URL, a network rule) must not go green on the service's own tolerance of 502s.
  if (args['fail-on-violation'] && summary.violations > 0)
    why.push(`${summary.violations} violation(s) of the contract (--fail-on-violation)`);
  if (args['fail-on-violation'] && summary.upstreamFailures > 0)
    why.push(`${summary.upstreamFailures} exchange(s) the upstream failed (--fail-on-violation)`);
  return why.length === 0 ? 0 : { status: EXIT_FAILURE, failedBecause: why.join('; ') };
}

/**
 * Says why the stop failed (a journal or a recording that could not be written), in one line.
 * @param {Error} failure
 * @returns {import('@payments-connect/contract/command-line').ServerVerdict}
 */
function failed(failure) {
  process.stderr.write(`${COMMAND.name}: ${failure.message}\n`);
  return { status: EXIT_FAILURE, failedBecause: failure.message };
}

/**
 * What a recording proxy wrote, and how many exchanges it left out for each reason.
 * @param {import('../src/exchange-recorder.js').RecordingSummary} recording
 */
function recordingSummary({ file, recorded, notRecorded, reasons }) {
  const why = Object.entries(reasons).map(([reason, count]) => `${count} ${reason}`);
  return `recording summary: ${recorded} exchange(s) recorded to ${file}, ${notRecorded} not${
    why.length > 0 ? ` (${why.join('; ')})` : ''
  }`;
}

/**
 * What a replay answered from its recording, and what it did not: answered from the examples, or refused (strict).
 * @param {import('../src/replay-answerer.js').ReplaySummary} replay
 */
function replaySummary({ file, replayed, notReplayed, refused }) {
  const strict = args['replay-strict'] ? `, ${refused} refused: no recorded answer (--replay-strict)` : '';
  return `replay summary: ${replayed} answer(s) replayed from ${file}, ${notReplayed} not${strict}`;
}

/**
 * The answers of `--answer operationId=answer` flags; a later one for the same operation wins.
 * @param {string[]} flags
 * @returns {Record<string, string>}
 */
function answersOfFlags(flags) {
  /** @type {Record<string, string>} */
  const answers = {};
  for (const flag of flags) {
    const at = flag.indexOf('=');
    if (at < 1)
      usageError(COMMAND, `--answer takes operationId=answer, such as getRfiCase=example=closedCase; got '${flag}'`);
    // Quotes a shell would have removed may reach here from an exec array or a script: they are no part of it.
    answers[flag.slice(0, at)] = flag.slice(at + 1).replace(/^"(.*)"$/, '$1');
  }
  return answers;
}

/**
 * The answers of the `--scenario` file: one that cannot be read is a failure, one that holds no scenario a data error.
 * @param {string} file
 */
async function scenarioOf(file) {
  const { readScenarioFile } = await import('../src/scenario-file.js');
  try {
    return readScenarioFile(file);
  } catch (error) {
    if (error instanceof TypeError) return dataError(COMMAND, `--scenario: ${error.message}`);
    return runFailure(COMMAND, /** @type {Error} */ (error).message);
  }
}

/**
 * What the proxy saw, for the end of the run: exchanges, violations, the operations that had any and each kind of
 * violation (side, place, rule, its sentence), then the exchanges the upstream failed, on a line of their own.
 * @param {ReturnType<typeof mock.summary>} summary
 */
function proxySummary({ exchanges, violations, upstreamFailures, byOperation, causes }) {
  const lines = [`proxy summary: ${exchanges} exchange(s), ${violations} violation(s) of the contract`];
  for (const [operation, counts] of Object.entries(byOperation).sort(([a], [b]) => a.localeCompare(b))) {
    if (counts.violations === 0) continue;
    lines.push(`  ${operation}: ${counts.violations} in ${counts.exchanges} exchange(s)`);
    const kinds = causes.filter((cause) => cause.operationId === operation);
    for (const { side, location, name, rule, message, count } of kinds)
      lines.push(`    ${count}x ${side} ${location}${name ? ` ${name}` : ''} (${rule}): ${message}`);
    const unlisted = counts.violations - kinds.reduce((sum, cause) => sum + cause.count, 0);
    if (unlisted > 0) lines.push(`    ${unlisted} more of other kinds (see the journal)`);
  }
  lines.push(
    `upstream failures: ${upstreamFailures} exchange(s) not judged: ` +
      'the upstream could not be reached or was too slow (502, 504)',
  );
  return lines.join('\n');
}
