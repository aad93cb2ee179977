import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * @typedef {object} InstallWeight what installing one package brings into a project
 * @property {number} packages how many packages, itself included
 * @property {number} bytes their files on disk, in bytes (apparent size)
 */

/**
 * @typedef {{ dependencies?: Record<string, string>, optionalDependencies?: Record<string, string> }} LockEntry
 */

/**
 * What each of `names` weighs in an npm project that installed it: the package and everything it depends on at run
 * time, read from the project's package-lock.json (npm's layout: `node_modules/a/node_modules/b`), sizes summed
 * over the installed files. A package shared by two of `names` counts for each.
 * @param {string} projectDir
 * @param {string[]} names
 * @returns {Promise<Record<string, InstallWeight>>}
 */
export async function installWeights(projectDir, names) {
  /** @type {{ packages: Record<string, LockEntry> }} */
  const lock = JSON.parse(await readFile(join(projectDir, 'package-lock.json'), 'utf8'));
  /** @type {Record<string, InstallWeight>} */
  const weights = {};
  for (const name of names) {
    let packages = 0;
    let bytes = 0;
    for (const location of dependencyClosure(lock.packages, `node_modules/${name}`)) {
      // An optional dependency for another platform (esbuild's, rollup's binaries) is in the lock, not on disk.
      const size = await folderBytes(join(projectDir, location), location).catch(() => undefined);
      if (size === undefined) continue;
      packages += 1;
      bytes += size;
    }
    weights[name] = { packages, bytes };
  }
  return weights;
}

/**
 * The lock entries reached from `start` through dependencies, resolved as Node does: from the nearest
 * node_modules outwards.
 * @param {Record<string, LockEntry>} packages
 * @param {string} start
 */
function dependencyClosure(packages, start) {
  const seen = new Set();
  const queue = [start];
  while (queue.length > 0) {
    const location = /** @type {string} */ (queue.pop());
    if (seen.has(location) || !packages[location]) continue;
    seen.add(location);
    const entry = packages[location];
    for (const dependency of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
      const found = resolveFrom(packages, location, dependency);
      if (found) queue.push(found);
    }
  }
  return seen;
}

/**
 * @param {Record<string, unknown>} packages
 * @param {string} from a lock location, `node_modules/a/node_modules/b`
 * @param {string} name
 */
function resolveFrom(packages, from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base}/node_modules/${name}`;
    if (packages[candidate]) return candidate;
    const cut = base.lastIndexOf('/node_modules/');
    if (cut === -1) return packages[`node_modules/${name}`] ? `node_modules/${name}` : undefined;
    base = base.slice(0, cut);
  }
}

/**
 * The files of one installed package, without its nested node_modules (those are packages of their own).
 * @param {string} folder
 * @param {string} location
 * @returns {Promise<number>}
 */
async function folderBytes(folder, location) {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' && location) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) total += await folderBytes(path, '');
    else if (entry.isFile()) total += (await stat(path)).size;
  }
  return total;
}
