import { execFile } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { packageBin } from '@payments-connect/release-tools/package-bin';
import { childEnv } from './child-env.js';

const run = promisify(execFile);
const FIXTURE = fileURLToPath(new URL('./consumer-template/', import.meta.url));

const CONSUMER_MANIFEST = {
  name: 'round-trip-consumer',
  private: true,
  type: 'module',
  scripts: { test: 'node dist/consumer.js' },
};

/** The module resolutions a consumer may use; each has a tsconfig in the fixture. */
export const MODULE_RESOLUTIONS = /** @type {const} */ (['node16', 'bundler']);
/**
 * The fixture's module of test helpers over every package's entry points (`declarations-consumer.ts`), compiled with
 * the packages' declarations checked and its own emitted (`tsconfig.declarations.json`).
 */
export const DECLARATIONS_PROJECT = 'declarations';

/**
 * A fresh project of another team: the fixture consumers (consumer.ts with one tsconfig per module resolution,
 * an ES module and a CommonJS one) and a package.json, with our packages installed by plain npm from
 * `registryUrl`. npm's cache is content-addressed and checks every tarball's integrity, so this machine's cache
 * serves the third-party packages (the new versions of ours cannot be in it).
 * @param {string} dir an empty folder
 * @param {string} registryUrl
 * @param {string[]} specs what to install (`@payments-connect/client@1.1.0`, ...)
 * @returns {Promise<{ dir: string, installed: Record<string, string> }>} the versions npm installed
 */
export async function createConsumerProject(dir, registryUrl, specs) {
  await cp(FIXTURE, dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    // `npm test` is what the READMEs' CI recipes run between starting a server and stopping it.
    `${JSON.stringify(CONSUMER_MANIFEST, null, 2)}\n`,
  );
  await run(
    'npm',
    ['install', '--registry', registryUrl, '--no-audit', '--no-fund', '--no-update-notifier', '--save-exact', ...specs],
    { cwd: dir, env: childEnv() },
  );
  /** @type {Record<string, string>} */
  const installed = {};
  for (const spec of specs) {
    const name = spec.slice(0, spec.lastIndexOf('@'));
    installed[name] = JSON.parse(await readFile(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;
  }
  return { dir, installed };
}

/**
 * Type-checks one of the consumer's projects: consumer.ts with one module resolution, or the declarations consumer
 * (TypeScript of this workspace unless `tsc` names another, library checks on, so the published declaration files
 * are checked too). Rejects with tsc's report when it fails.
 * @param {string} dir
 * @param {typeof MODULE_RESOLUTIONS[number] | typeof DECLARATIONS_PROJECT} project
 * @param {string} [tsc] the tsc script to run
 */
export async function typeCheckConsumer(dir, project, tsc = packageBin('typescript', 'tsc')) {
  try {
    await run(process.execPath, [tsc, '-p', `tsconfig.${project}.json`], { cwd: dir });
  } catch (error) {
    const { stdout = '', stderr = '' } = /** @type {any} */ (error);
    throw new Error(`tsc -p tsconfig.${project}.json failed:\n${stdout}${stderr}`);
  }
}

/**
 * Runs one of the consumer's scripts (`dist/consumer.js`, the node16 build of consumer.ts, or a fixture file)
 * and returns what it printed as JSON.
 * @param {string} dir
 * @param {string} file relative to `dir`
 * @param {{ node?: string, env?: NodeJS.ProcessEnv }} [options] which `node` runs it, in which environment
 * @returns {Promise<any>}
 */
export async function runConsumer(dir, file, { node = process.execPath, env = childEnv() } = {}) {
  const { stdout } = await run(node, [join(dir, file)], { cwd: dir, env });
  return JSON.parse(stdout);
}
