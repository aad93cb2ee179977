import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeFailure, runMeasured } from '../measure/run-measured.js';
import { probeHeaders } from '../mock-request.js';
import { timeProgrammaticStart } from '../servers/time-start.js';
import { binPath, packageDir } from '../workspace.js';
import { CONSUMER_TSCONFIG, consumerSource, TYPES_MODULE } from './consumer.js';

const CONTRACT_PROBE = fileURLToPath(new URL('./contract-probe.js', import.meta.url));
const GENERATE_TYPES = fileURLToPath(new URL('./generate-types.js', import.meta.url));
/** @typedef {import('./resource-files.js').GeneratedOperation} GeneratedOperation */

/**
 * @typedef {object} StepRun
 * @property {number | null} wallMs null when the step did not complete
 * @property {number | null} peakRssBytes
 * @property {string} [failure] why it did not complete ("timed out", "exit 1 (...)", "did not start within 180 s")
 * @property {number} [readyMs] mock only: time until startMock() resolved
 * @property {number} [judgedPerSecond] model only: requests matched and judged per second
 */

/**
 * @typedef {object} ScaleStep
 * @property {string} id
 * @property {string} label
 * @property {string} tool what runs, for the report
 * @property {string} [needs] the step whose output this one reads
 * @property {(spec: { dir: string, operations: GeneratedOperation[], timeoutMs: number }) => Promise<StepRun>} run
 */

/** Where each step puts what the next one reads, under the generated spec's directory. */
export const BUNDLED = 'dist/openapi.json';
const TYPES_DIR = 'types';

/**
 * The steps measured on each generated spec, in order; each is a child process run under the measurement
 * of `runMeasured` (wall time, peak memory, timeout).
 * @type {ScaleStep[]}
 */
export const SCALE_STEPS = [
  {
    id: 'lint',
    label: 'Lint',
    tool: 'redocly lint with spec/redocly.yaml and the payments-connect plugin',
    run: ({ dir, timeoutMs }) =>
      measuredStep(binPath('redocly'), ['lint', 'openapi.yaml', '--config', 'redocly.yaml'], { cwd: dir, timeoutMs }),
  },
  {
    id: 'bundle',
    label: 'Bundle',
    tool: 'redocly bundle to JSON',
    run: ({ dir, timeoutMs }) =>
      measuredStep(binPath('redocly'), ['bundle', 'openapi.yaml', '--output', BUNDLED], { cwd: dir, timeoutMs }),
  },
  {
    id: 'types',
    label: 'Type generation',
    tool: 'openapi-typescript (its API, root types, as packages/types does)',
    needs: 'bundle',
    run: ({ dir, timeoutMs }) =>
      measuredStep(process.execPath, [GENERATE_TYPES, BUNDLED, join(TYPES_DIR, TYPES_MODULE)], { cwd: dir, timeoutMs }),
  },
  {
    id: 'typecheck',
    label: 'Type-check of a consumer',
    tool: 'tsc --noEmit: an openapi-fetch createClient<paths> consumer and the generated types',
    needs: 'types',
    run: ({ dir, operations, timeoutMs }) => {
      const typesDir = join(dir, TYPES_DIR);
      writeConsumerProject(typesDir, operations);
      return measuredStep(binPath('tsc'), ['-p', 'tsconfig.json'], { cwd: typesDir, timeoutMs });
    },
  },
  {
    id: 'mock',
    label: 'Mock start to first 200',
    tool: 'a fresh Node process: import, `startMock({ spec })`, one GET (node:http)',
    needs: 'bundle',
    run: async ({ dir, operations, timeoutMs }) => {
      const start = await timeProgrammaticStart('mock', {
        spec: join(dir, BUNDLED),
        path: requestPath(middleRead(operations)),
        timeoutMs,
      });
      if (start.firstOkMs === null) {
        return { wallMs: null, peakRssBytes: start.peakRssBytes ?? null, failure: start.failure };
      }
      return { wallMs: start.firstOkMs, peakRssBytes: start.peakRssBytes ?? null, readyMs: start.readyMs };
    },
  },
  {
    id: 'model',
    label: 'Contract model load (what the emulator loads)',
    tool: 'a fresh Node process: read the bundled spec, `createContract()`',
    needs: 'bundle',
    run: async ({ dir, operations, timeoutMs }) => {
      const probe = await probeContract(join(dir, BUNDLED), middleRead(operations), timeoutMs);
      if ('failure' in probe) return { wallMs: null, peakRssBytes: probe.peakRssBytes, failure: probe.failure };
      return { wallMs: probe.loadMs, peakRssBytes: probe.peakRssBytes, judgedPerSecond: probe.judgedPerSecond };
    },
  },
];

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, timeoutMs: number }} options
 * @returns {Promise<StepRun>}
 */
async function measuredStep(command, args, options) {
  const run = await runMeasured(command, args, options);
  if (run.exitCode !== 0) return { wallMs: null, peakRssBytes: run.peakRssBytes, failure: describeFailure(run) };
  return { wallMs: run.wallMs, peakRssBytes: run.peakRssBytes };
}

/**
 * The consumer, its tsconfig, and openapi-fetch linked in so that it resolves from the temporary directory.
 * @param {string} typesDir
 * @param {GeneratedOperation[]} operations
 */
function writeConsumerProject(typesDir, operations) {
  writeFileSync(join(typesDir, 'consumer.ts'), consumerSource(operations));
  writeFileSync(join(typesDir, 'tsconfig.json'), JSON.stringify(CONSUMER_TSCONFIG, null, 2));
  mkdirSync(join(typesDir, 'node_modules'), { recursive: true });
  try {
    symlinkSync(packageDir('openapi-fetch'), join(typesDir, 'node_modules', 'openapi-fetch'), 'dir');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
  }
}

/**
 * @param {string} output
 * @returns {any}
 */
function lastJsonLine(output) {
  const line = output.trim().split('\n').at(-1);
  try {
    return line ? JSON.parse(line) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The read nearest the middle of the generated operations: a request that the matcher, which tries the paths one
 * after another, finds neither first nor last.
 * @param {GeneratedOperation[]} operations
 * @returns {GeneratedOperation}
 */
export function middleRead(operations) {
  const reads = operations.filter((operation) => operation.method === 'get');
  const read = reads[Math.floor(reads.length / 2)];
  if (!read) throw new Error('the generated spec has no read');
  return read;
}

/**
 * The path of a generated operation with its parameter's example filled in.
 * @param {GeneratedOperation} operation
 */
export function requestPath(operation) {
  return operation.path.replace(`{${operation.pathParameter.name}}`, operation.pathParameter.example);
}

/**
 * @param {string} spec the bundled spec
 * @param {GeneratedOperation} read
 * @param {number} timeoutMs
 * @returns {Promise<{ loadMs: number, judgedPerSecond: number, peakRssBytes: number | null }
 *   | { failure: string, peakRssBytes: number | null }>}
 */
async function probeContract(spec, read, timeoutMs) {
  const request = { spec, method: 'GET', path: requestPath(read), headers: probeHeaders() };
  const run = await runMeasured(process.execPath, [CONTRACT_PROBE, JSON.stringify(request)], { timeoutMs });
  const answer = lastJsonLine(run.stdout);
  const peakRssBytes = run.peakRssBytes;
  if (run.timedOut) return { failure: `did not load within ${timeoutMs / 1000} s`, peakRssBytes };
  if (!answer) return { failure: describeFailure(run), peakRssBytes };
  if (answer.failed) return { failure: answer.failed, peakRssBytes };
  return { loadMs: answer.loadMs, judgedPerSecond: answer.judgedPerSecond, peakRssBytes };
}
