import { execFile } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { packageBin } from '../package-bin.js';
import { childEnv } from './child-env.js';

const run = promisify(execFile);
const FIXTURE = fileURLToPath(new URL('./consumer-template/', import.meta.url));

/** The module resolutions a consumer may use; each has a tsconfig in the fixture. */
export const MODULE_RESOLUTIONS = /** @type {const} */ (['node16', 'bundler']);

/**
 * A fresh project of another team: the fixture consumer (consumer.ts and one tsconfig per module
 * resolution) and a package.json, with our packages installed by plain npm from `registryUrl`, through
 * an npm cache of its own so nothing comes from this machine's cache.
 * @param {string} dir an empty folder
 * @param {string} registryUrl
 * @param {string[]} specs what to install (`@payments-connect/client@1.1.0`, ...)
 * @returns {Promise<{ dir: string, installed: Record<string, string> }>} the versions npm installed
 */
export async function createConsumerProject(dir, registryUrl, specs) {
  await cp(FIXTURE, dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'round-trip-consumer', private: true, type: 'module' }, null, 2)}\n`,
  );
  await run(
    'npm',
    [
      'install',
      '--registry',
      registryUrl,
      '--cache',
      join(dir, '.npm-cache'),
      '--no-audit',
      '--no-fund',
      '--no-update-notifier',
      '--save-exact',
      ...specs,
    ],
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
 * Type-checks the consumer with one module resolution (TypeScript of this workspace, library checks on,
 * so the published declaration files are checked too). Rejects with tsc's report when it fails.
 * @param {string} dir
 * @param {typeof MODULE_RESOLUTIONS[number]} resolution
 */
export async function typeCheckConsumer(dir, resolution) {
  try {
    await run(process.execPath, [packageBin('typescript', 'tsc'), '-p', `tsconfig.${resolution}.json`], { cwd: dir });
  } catch (error) {
    const { stdout = '', stderr = '' } = /** @type {any} */ (error);
    throw new Error(`tsc with moduleResolution ${resolution} failed:\n${stdout}${stderr}`);
  }
}

/**
 * Runs the consumer compiled by the node16 check against a server and returns what it printed.
 * @param {string} dir
 * @param {string} baseUrl
 * @returns {Promise<any>}
 */
export async function runConsumer(dir, baseUrl) {
  const { stdout } = await run(process.execPath, [join(dir, 'dist', 'consumer.js')], {
    cwd: dir,
    env: childEnv({ PAYMENTS_CONNECT_BASE_URL: baseUrl }),
  });
  return JSON.parse(stdout);
}
