import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The JVM's options for one short run: the client compiler only, and the serial collector. Measured on the repository's
 * 2-core machine against the emulator: 5.1 s of CPU instead of 10.7 s with the JVM's defaults, the same 40 tests.
 */
const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/** How long one run may take before it is ended: far above what it takes on a busy machine; it only ends a hang. */
const RUN_TIMEOUT_MS = 10 * 60_000;

/**
 * @typedef {object} SpecmaticScenario one contract test Specmatic ran
 * @property {string} method
 * @property {string} path the path template as Specmatic writes it, parameters as `{name}`
 * @property {number} status the status the test expected
 * @property {string} example the named example it was made from
 * @property {boolean} succeeded
 */

/**
 * @typedef {object} SpecmaticRun
 * @property {{ run: number, successes: number, failures: number, wip: number, errors: number } | undefined} totals
 *   Specmatic's closing line; undefined when it printed none
 * @property {SpecmaticScenario[]} scenarios
 * @property {string[]} ignoredRequestExamples the request examples Specmatic set aside, lacking a response of their
 *   name: parts of an exchange the spec does not complete
 * @property {string} unsuccessful what Specmatic says of the tests that failed, as it says it
 * @property {number | null} exitCode
 * @property {string} output everything it printed
 */

/**
 * Runs Specmatic's contract tests (`specmatic test`) of a spec against a server: one test for each named example of
 * the spec, its request sent as the example gives it, its answer checked against the spec. A bearer scheme takes the
 * token from the environment variable named after the scheme (`Authorization`), as Specmatic documents.
 * @param {{ java: string, jar: string, spec: string, baseUrl: string, bearer: { scheme: string, token: string } }}
 *   options
 * @returns {Promise<SpecmaticRun>}
 */
export async function runSpecmatic({ java, jar, spec, baseUrl, bearer }) {
  // Specmatic writes its reports under the folder it runs in: one of its own, removed after.
  const cwd = mkdtempSync(join(tmpdir(), 'specmatic-run-'));
  try {
    const args = [...JVM_OPTIONS, '-jar', jar, 'test', spec, '--testBaseURL', baseUrl];
    const { output, exitCode } = await runToEnd(java, args, {
      cwd,
      env: { ...process.env, [bearer.scheme]: bearer.token },
    });
    return { ...parseSpecmaticOutput(output), exitCode, output };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

/**
 * What a run printed, read: its closing line, the test of each scenario, the request examples it set aside and what it
 * says of the tests that failed.
 * @param {string} output
 * @returns {Pick<SpecmaticRun, 'totals' | 'scenarios' | 'ignoredRequestExamples' | 'unsuccessful'>}
 */
export function parseSpecmaticOutput(output) {
  const total = /Tests run: (\d+), Successes: (\d+), Failures: (\d+), WIP: (\d+), Errors: (\d+)/.exec(output);
  const totals = total && {
    run: Number(total[1]),
    successes: Number(total[2]),
    failures: Number(total[3]),
    wip: Number(total[4]),
    errors: Number(total[5]),
  };
  // One line a test as it runs (`... has SUCCEEDED`); the list of failures at the end repeats them without `has`.
  const scenarios = [
    ...output.matchAll(
      /^\s*Scenario: ([A-Z]+) (\S+) -> (\d{3}) with the request from the example '([^']+)'.* has (SUCCEEDED|FAILED)$/gm,
    ),
  ].map(([, method = '', path = '', status, example = '', result]) => ({
    method,
    path: path.replace(/\((\w+):[^)]*\)/g, '{$1}'),
    status: Number(status),
    example,
    succeeded: result === 'SUCCEEDED',
  }));
  const ignoredRequestExamples = [
    ...new Set(
      [...output.matchAll(/Ignoring request example named (\S+) for test or stub data/g)].map(([, name = '']) => name),
    ),
  ];
  const from = output.indexOf('Unsuccessful Scenarios:');
  const unsuccessful = from < 0 ? '' : output.slice(from, output.lastIndexOf('Tests run:')).trim();
  return { totals: totals ?? undefined, scenarios, ignoredRequestExamples, unsuccessful };
}

/**
 * Runs a program to its end, bounded in time, with what it printed (its errors after its output).
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv }} options
 * @returns {Promise<{ output: string, exitCode: number | null }>}
 */
function runToEnd(command, args, { cwd, env }) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ output: `${output}${errors}`, exitCode });
    });
  });
}
