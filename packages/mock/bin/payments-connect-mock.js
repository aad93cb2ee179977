#!/usr/bin/env node
// payments-connect-mock: serves the Payments Connect mock in the foreground until it is stopped.
import module from 'node:module';
import {
  DOCS_PATH,
  EXIT_FAILURE,
  isHttpUrl,
  readFlags,
  runFailure,
  SERVER_FLAGS,
  serveInForeground,
  serverFlagsUsage,
  serverOptionsOf,
  usageError,
} from '@payments-connect/contract/server';
import { AnswerError } from '../src/configured-answers.js';
import { CONTROL_PREFIX, DEFAULT_PORT } from '../src/defaults.js';
import { readScenarioFile } from '../src/scenario-file.js';
import { serveMock } from '../src/serve-mock.js';

const COMMAND = {
  name: 'payments-connect-mock',
  usage: `usage: payments-connect-mock [options]

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
  -h, --help            this help

Pick an answer per request with the Prefer header:  Prefer: code=404  or  Prefer: example=closedCase
The requests it received: GET ${CONTROL_PREFIX}/requests. The answers: GET, PUT, DELETE ${CONTROL_PREFIX}/answers.
The API reference, with Try it: GET ${DOCS_PATH}.
It stops on Ctrl-C, SIGTERM or SIGHUP, and when the process that started it (npx, pnpm exec) ends.
Exit status: 0 when stopped, 1 when it cannot serve (port in use, spec or scenario unreadable) or, with
--fail-on-violation, when an exchange broke the contract or the upstream failed one; 2 for a usage error (an
answer of an operation the spec lacks, or that it does not document, among them).`,
};

// Node 22.1+ caches compiled code between runs, so later starts load faster.
/** @type {{ enableCompileCache?: () => unknown }} */ (module).enableCompileCache?.();

const { values: args } = readFlags(COMMAND, {
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
  },
});
const proxy = args.proxy;
if (proxy === undefined && (args.strict || args['fail-on-violation']))
  usageError(COMMAND, `--${args.strict ? 'strict' : 'fail-on-violation'} goes with --proxy`);
if (proxy !== undefined && !isHttpUrl(proxy)) usageError(COMMAND, `--proxy must be an http(s) URL, got '${proxy}'`);
const { port, host, journal } = serverOptionsOf(COMMAND, args, DEFAULT_PORT);
const flagAnswers = answersOfFlags(args.answer ?? []);
const scenarioAnswers = args.scenario === undefined ? {} : scenarioOf(args.scenario);

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
  // Said as it happens: a proxy whose upstream is down answers 502s that are no verdict on the contract.
  onUpstreamFailure: ({ method, target, status, message }) =>
    process.stderr.write(`[upstream] ${method} ${target} -> ${status}: ${message}\n`),
}).catch((error) => {
  if (!(error instanceof AnswerError)) runFailure(COMMAND, error.message);
  // Said as the user wrote it: the flag, or the file and the operation in it.
  const where = error.operationId in flagAnswers ? '--answer' : `--scenario ${args.scenario}:`;
  return usageError(COMMAND, `${where} ${error.operationId}: ${error.problem}`);
});
serveInForeground(async () => {
  await mock.stop();
  if (proxy === undefined) return 0;
  const summary = mock.summary();
  console.log(proxySummary(summary));
  // An exchange the upstream failed is no violation, yet it fails the run too: it was never judged, and a CI job whose
  // sandbox was unreachable (a wrong URL, a network rule) must not go green on the service's own tolerance of 502s.
  return args['fail-on-violation'] && summary.violations + summary.upstreamFailures > 0 ? EXIT_FAILURE : 0;
});
const dynamic = args.dynamic ? ` (dynamic answers${args.seed ? `, seed ${args.seed}` : ''})` : '';
console.log(`Payments Connect mock listening on ${mock.url}${proxy ? `, a validating proxy to ${proxy}` : ''}`);
console.log(`  spec: ${mock.specPath}${dynamic}`);
console.log(
  `  requests received: ${mock.url}${CONTROL_PREFIX}/requests${journal.file ? ` (and ${journal.file})` : ''}`,
);
const answers = Object.entries({ ...scenarioAnswers, ...flagAnswers });
if (answers.length > 0) console.log(`  answers: ${answers.map(([id, answer]) => `${id}: ${answer}`).join('; ')}`);
if (mock.docsUrl) console.log(`  docs: ${mock.docsUrl} (the API reference, with Try it)`);
if (!proxy)
  console.log('  pick an answer with the Prefer header, e.g. "Prefer: code=404" or "Prefer: example=closedCase"');

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
 * The answers of the `--scenario` file: one that cannot be read is a failure, one that holds no scenario a usage error.
 * @param {string} file
 */
function scenarioOf(file) {
  try {
    return readScenarioFile(file);
  } catch (error) {
    if (error instanceof TypeError) return usageError(COMMAND, `--scenario: ${error.message}`);
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
