import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeFailure, runMeasured } from '../measure/run-measured.js';
import { binPath, packageDir } from '../workspace.js';
import { CONSUMER_TSCONFIG, consumerSource, TYPES_MODULE } from './consumer.js';

const MOCK_PROBE = fileURLToPath(new URL('./mock-start-probe.js', import.meta.url));
const GENERATE_TYPES = fileURLToPath(new URL('./generate-types.js', import.meta.url));
/** @typedef {import('./resource-files.js').GeneratedOperation} GeneratedOperation */

/** The probe gives up on Prism a little before the hard kill, so that it can say so itself. */
const PROBE_MARGIN_MS = 5_000;

/**
 * @typedef {object} StepRun
 * @property {number | null} wallMs null when the step did not complete
 * @property {number | null} peakRssBytes
 * @property {string} [failure] why it did not complete ("timed out", "exit 1 (...)", "did not start within 180 s")
 * @property {number} [readyMs] mock only: time until startMock() resolved
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
const BUNDLED = 'dist/openapi.json';
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
    tool: 'startMock({ spec }): Prism behind the envelope proxy, then one GET',
    needs: 'bundle',
    run: async ({ dir, operations, timeoutMs }) => {
      const first = operations[0];
      const path = first.path.replace(`{${first.pathParameter.name}}`, first.pathParameter.example);
      const probe = JSON.stringify({ spec: join(dir, BUNDLED), path, startTimeoutMs: timeoutMs - PROBE_MARGIN_MS });
      const run = await runMeasured(process.execPath, [MOCK_PROBE, probe], { cwd: dir, timeoutMs });
      const answer = lastJsonLine(run.stdout);
      if (run.timedOut || !answer)
        return {
          wallMs: null,
          peakRssBytes: run.peakRssBytes,
          failure: run.timedOut ? `did not start within ${timeoutMs / 1000} s` : describeFailure(run),
        };
      if (answer.failed) {
        const failure = /not ready within/.test(answer.failed)
          ? `did not start within ${(timeoutMs - PROBE_MARGIN_MS) / 1000} s`
          : answer.failed;
        return { wallMs: null, peakRssBytes: run.peakRssBytes, failure };
      }
      if (answer.status !== 200)
        return { wallMs: null, peakRssBytes: run.peakRssBytes, failure: `first answer was ${answer.status}, not 200` };
      return { wallMs: answer.firstOkMs, peakRssBytes: run.peakRssBytes, readyMs: answer.readyMs };
    },
  },
];

async function measuredStep(command, args, options) {
  const run = await runMeasured(command, args, options);
  if (run.exitCode !== 0) return { wallMs: null, peakRssBytes: run.peakRssBytes, failure: describeFailure(run) };
  return { wallMs: run.wallMs, peakRssBytes: run.peakRssBytes };
}

/** The consumer, its tsconfig, and openapi-fetch linked in so that it resolves from the temporary directory. */
function writeConsumerProject(typesDir, operations) {
  writeFileSync(join(typesDir, 'consumer.ts'), consumerSource(operations));
  writeFileSync(join(typesDir, 'tsconfig.json'), JSON.stringify(CONSUMER_TSCONFIG, null, 2));
  mkdirSync(join(typesDir, 'node_modules'), { recursive: true });
  try {
    symlinkSync(packageDir('openapi-fetch'), join(typesDir, 'node_modules', 'openapi-fetch'), 'dir');
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  }
}

function lastJsonLine(output) {
  const line = output.trim().split('\n').at(-1);
  try {
    return line ? JSON.parse(line) : undefined;
  } catch {
    return undefined;
  }
}
