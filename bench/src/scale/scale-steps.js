import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeFailure, runMeasured } from '../measure/run-measured.js';
import { startSubject } from '../servers/start-subject.js';
import { binPath, packageDir } from '../workspace.js';

/** @typedef {import('./generate-resources.js').GeneratedOperation} GeneratedOperation */
/** @typedef {{ dir: string, operations: GeneratedOperation[], timeoutMs: number }} GeneratedSpec */

/** @typedef {{ wallMs: number | null, failure?: string }} StepRun wallMs null: the step did not complete */

/**
 * A step measured on each generated spec: a command run in the spec's directory (its wall time), or, for the mock, a
 * start timed from before the import to the first 200.
 * @typedef {object} ScaleStep
 * @property {string} id
 * @property {string} label
 * @property {string} tool what runs, for the report
 * @property {string} [needs] the step whose output this one reads
 * @property {(spec: GeneratedSpec) => Promise<StepRun>} run
 */

const BUNDLED = 'dist/openapi.json';
const script = (/** @type {string} */ name) => fileURLToPath(new URL(name, import.meta.url));

/**
 * A step that runs a command in the spec's directory.
 * @param {(spec: GeneratedSpec) => string[]} argv the program and its arguments
 * @returns {(spec: GeneratedSpec) => Promise<StepRun>}
 */
const command = (argv) => async (spec) => {
  const [program, ...args] = /** @type {[string, ...string[]]} */ (argv(spec));
  const run = await runMeasured(program, args, { cwd: spec.dir, timeoutMs: spec.timeoutMs });
  return run.exitCode === 0 ? { wallMs: run.wallMs } : { wallMs: null, failure: describeFailure(run) };
};

/**
 * The steps, in order. Each runs in a process of its own, bounded by the run's timeout.
 * @type {ScaleStep[]}
 */
export const SCALE_STEPS = [
  {
    id: 'lint',
    label: 'Lint',
    tool: 'redocly lint with spec/redocly.yaml and the payments-connect plugin',
    run: command(() => [binPath('redocly'), 'lint', 'openapi.yaml', '--config', 'redocly.yaml']),
  },
  {
    id: 'bundle',
    label: 'Bundle',
    tool: 'redocly bundle to JSON',
    run: command(() => [binPath('redocly'), 'bundle', 'openapi.yaml', '--output', BUNDLED]),
  },
  {
    id: 'types',
    label: 'Type generation',
    tool: 'openapi-typescript (its API, root types, as packages/types does)',
    needs: 'bundle',
    run: command(() => [process.execPath, script('./generate-types.js'), BUNDLED, 'types/openapi.ts']),
  },
  {
    id: 'typecheck',
    label: 'Type-check of a consumer',
    tool: 'tsc --noEmit: an openapi-fetch createClient<paths> consumer and the generated types',
    needs: 'types',
    run: command(({ dir, operations }) => {
      writeConsumer(join(dir, 'types'), operations);
      return [binPath('tsc'), '-p', 'types/tsconfig.json'];
    }),
  },
  {
    id: 'mock',
    label: 'Mock start to first 200',
    tool: 'a fresh Node process: import, `startMock({ spec })`, one GET (node:http)',
    needs: 'bundle',
    run: async ({ dir, operations, timeoutMs }) => {
      // The read nearest the middle: the matcher, which tries the paths in turn, finds it neither first nor last.
      const reads = operations.filter((operation) => operation.method === 'get');
      const read = /** @type {GeneratedOperation} */ (reads[Math.floor(reads.length / 2)]);
      const path = read.path.replace(`{${read.pathParameter.name}}`, read.pathParameter.example);
      const mock = await startSubject('mock', { spec: join(dir, BUNDLED), path, timeoutMs });
      await mock.stop();
      return { wallMs: mock.firstOkMs };
    },
  },
];

/**
 * A small consumer of the generated types, type-checked strictly as a user's code would be: an openapi-fetch client
 * over `paths` that calls the first read, the first update (with a typed body) and the last generated operation, and
 * reads typed fields of the answers, so that tsc resolves paths, parameters, bodies and responses.
 * @param {string} typesDir where the generated `openapi.ts` is
 * @param {GeneratedOperation[]} operations
 */
function writeConsumer(typesDir, operations) {
  const picked = [operations[0], operations.find((operation) => operation.requestExample), operations.at(-1)];
  const calls = picked.flatMap((operation, index) => {
    if (!operation) return [];
    const { name, example } = operation.pathParameter;
    const params = `params: { header: { AccountId: ACCOUNT_ID }, path: { ${name}: '${example}' } }`;
    const body = operation.requestExample ? `, body: ${JSON.stringify(operation.requestExample)}` : '';
    const call = `client.${operation.method.toUpperCase()}('${operation.path}', { ${params}${body} })`;
    return [
      `  const answer${index} = await ${call};`,
      `  if (answer${index}.error) throw new Error(answer${index}.error.message);`,
      `  names.push(answer${index}.data.name, answer${index}.data.status);`,
    ];
  });
  const source = [
    '// Generated by bench: a consumer of generated types, type-checked to measure tsc cost.',
    "import createClient from 'openapi-fetch';",
    "import type { paths } from './openapi.js';",
    '',
    "const ACCOUNT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';",
    "const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:4010' });",
    '',
    'export async function readSomeItems(): Promise<string[]> {',
    '  const names: string[] = [];',
    ...calls,
    '  return names;',
    '}',
  ];
  writeFileSync(join(typesDir, 'consumer.ts'), `${source.join('\n')}\n`);
  const compilerOptions = { target: 'es2022', module: 'esnext', moduleResolution: 'bundler', strict: true };
  const tsconfig = { compilerOptions: { ...compilerOptions, noEmit: true, skipLibCheck: true, types: [] } };
  writeFileSync(join(typesDir, 'tsconfig.json'), JSON.stringify({ ...tsconfig, files: ['consumer.ts'] }, null, 2));
  // openapi-fetch linked in, so that the consumer resolves it from the temporary directory.
  mkdirSync(join(typesDir, 'node_modules'), { recursive: true });
  try {
    symlinkSync(packageDir('openapi-fetch'), join(typesDir, 'node_modules', 'openapi-fetch'), 'dir');
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
  }
}
