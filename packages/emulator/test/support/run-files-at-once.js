// Runs the test files of a folder in a vitest of their own, with the README's vitest.config.ts and its globalSetup (one
// emulator), as a consumer runs them, on a machine made to look as if it had two cores (the CI machine, where vitest's
// default runs one file at a time). Files that each wait for the other pass only if they ran at the same time.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const vitestManifest = require.resolve('vitest/package.json');
const VITEST = join(dirname(vitestManifest), JSON.parse(await readFile(vitestManifest, 'utf8')).bin.vitest);
const README_ROOT = fileURLToPath(new URL('../readme/', import.meta.url));
const TWO_CORES = fileURLToPath(new URL('two-cores.js', import.meta.url));

/**
 * @param {URL} folder the test files' folder
 * @returns {Promise<{ code: number | null, results: Array<[string, string]>, stderr: string }>} vitest's exit code,
 *   each file's name (below the folder) and status, sorted, and vitest's stderr
 */
export async function runFilesAtOnce(folder) {
  const files = fileURLToPath(folder);
  const dir = await mkdtemp(join(tmpdir(), 'files-at-once-'));
  try {
    const report = join(dir, 'report.json');
    const args = [VITEST, 'run', '--root', README_ROOT, '--dir', files, '--reporter=json'];
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
    /** @type {Array<[string, string]>} */
    const results = testResults.map((/** @type {any} */ file) => [file.name.slice(files.length), file.status]);
    return { code: /** @type {number | null} */ (code), results: results.sort(), stderr };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
