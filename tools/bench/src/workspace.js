import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bench package's own directory (tools/bench). */
export const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));
/** The repository root, where `pnpm build` runs and BENCHMARKS.md is written. */
export const REPO_ROOT = join(BENCH_DIR, '..', '..');

const require = createRequire(join(BENCH_DIR, 'package.json'));

/** Workspace directories the benchmarks read, by the role they play. */
export const WORKSPACE_DIRS = {
  spec: join(REPO_ROOT, 'spec'),
  types: join(REPO_ROOT, 'packages', 'types'),
  client: join(REPO_ROOT, 'packages', 'client'),
  mock: join(REPO_ROOT, 'packages', 'mock'),
  conformance: join(REPO_ROOT, 'packages', 'conformance'),
  docs: join(REPO_ROOT, 'packages', 'docs'),
};

/** The bundled spec the client, the mock and hey-api read (built by `pnpm build`). */
export const BUNDLED_SPEC_JSON = join(WORKSPACE_DIRS.spec, 'dist', 'openapi.json');
/** The lint policy every spec is linted with, the generated ones included. */
export const REDOCLY_CONFIG = join(WORKSPACE_DIRS.spec, 'redocly.yaml');

/**
 * Absolute path of an executable a dependency of this package installs (`node_modules/.bin/<name>`).
 * @param {string} name
 * @returns {string}
 */
export function binPath(name) {
  return join(BENCH_DIR, 'node_modules', '.bin', name);
}

/**
 * Directory of an installed package, resolved from this package as Node would.
 * @param {string} name
 * @returns {string}
 */
export function packageDir(name) {
  return dirname(require.resolve(`${name}/package.json`));
}

/**
 * The `scripts` entry of a workspace package, or undefined when the package or the script is missing.
 * @param {string} dir package directory
 * @param {string} script
 * @returns {string | undefined}
 */
export function packageScript(dir, script) {
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) return undefined;
  return JSON.parse(readFileSync(manifest, 'utf8')).scripts?.[script];
}

/**
 * Version of an installed package, as the report names it.
 * @param {string} name
 * @returns {string}
 */
export function packageVersion(name) {
  return JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')).version;
}
