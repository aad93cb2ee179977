import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bench package's own directory (bench). */
const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(join(BENCH_DIR, 'package.json'));
/** The repository root, where `pnpm build` runs and BENCHMARKS.md is written. */
export const REPO_ROOT = join(BENCH_DIR, '..');

/** Workspace directories the benchmarks read, by the role they play. */
export const WORKSPACE_DIRS = {
  spec: join(REPO_ROOT, 'spec'),
  client: join(REPO_ROOT, 'packages', 'client'),
  mock: join(REPO_ROOT, 'packages', 'mock'),
  emulator: join(REPO_ROOT, 'packages', 'emulator'),
  conformance: join(REPO_ROOT, 'packages', 'conformance'),
};
/** The bundled spec the client and the mock read (built by `pnpm build`). */
export const BUNDLED_SPEC_JSON = join(WORKSPACE_DIRS.spec, 'dist', 'openapi.json');
/** The lint policy every spec is linted with, the generated ones included. */
export const REDOCLY_CONFIG = join(WORKSPACE_DIRS.spec, 'redocly.yaml');

/**
 * Absolute path of an executable a dependency of this package installs (`node_modules/.bin/<name>`).
 * @param {string} name
 */
export function binPath(name) {
  return join(BENCH_DIR, 'node_modules', '.bin', name);
}

/**
 * Directory of an installed package, resolved from this package as Node would.
 * @param {string} name
 */
export function packageDir(name) {
  return dirname(require.resolve(`${name}/package.json`));
}

/**
 * Version of an installed package, as the report names it.
 * @param {string} name
 * @returns {string}
 */
export function packageVersion(name) {
  return JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')).version;
}
