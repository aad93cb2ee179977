// The README's vitest settings run test files at once, as its "Run test files in parallel" says, on the 2-core CI
// machine where vitest's default runs one file at a time. The two files of test/parallel-tenants/ each wait for the
// other (a fault one holds while the other calls): run by vitest with the README's vitest.config.ts, as a consumer
// runs it, on a machine made to look as if it had two cores, both pass only if they ran at the same time.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const vitestManifest = require.resolve('vitest/package.json');
const VITEST = join(dirname(vitestManifest), JSON.parse(await readFile(vitestManifest, 'utf8')).bin.vitest);
const README_ROOT = fileURLToPath(new URL('readme/', import.meta.url));
const PARALLEL_FILES = fileURLToPath(new URL('parallel-tenants/', import.meta.url));
const TWO_CORES = fileURLToPath(new URL('support/two-cores.js', import.meta.url));

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'readme-parallel-files-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it("runs the two files of test/parallel-tenants/ at once with the README's vitest settings, on two cores", async () => {
  const report = join(dir, 'report.json');
  const args = [VITEST, 'run', '--root', README_ROOT, '--dir', PARALLEL_FILES, '--reporter=json'];
  // Only the limits that end a hang are this run's own: the README's vitest.config.ts decides the rest.
  args.push(`--outputFile=${report}`, '--testTimeout=300000', '--hookTimeout=300000');
  const child = spawn(process.execPath, args, {
    cwd: README_ROOT,
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${TWO_CORES}`.trim() },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise((resolve) => child.once('close', resolve));
  const { testResults } = JSON.parse(await readFile(report, 'utf8'));
  const results = testResults.map((/** @type {any} */ file) => [file.name.slice(PARALLEL_FILES.length), file.status]);
  expect(results.sort(), stderr).toEqual([
    ['calls-beside-a-fault.test.js', 'passed'],
    ['faulted-tenant.test.js', 'passed'],
  ]);
  expect(code).toBe(0);
});
