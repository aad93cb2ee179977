import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Specmatic the tests run: the version whose behaviour they were written against. */
export const SPECMATIC_VERSION = '2.55.1';

/** The environment variable that names a `specmatic.jar` to use instead (the one of `npm install specmatic`). */
export const SPECMATIC_JAR_VARIABLE = 'SPECMATIC_JAR';

/** The oldest Java Specmatic 2 runs on. */
export const MINIMUM_JAVA = 17;

/**
 * Where the jar is kept between runs: the workspace's `node_modules/.cache` (gone with a clean install, never
 * committed), one folder per version.
 */
export const SPECMATIC_CACHE = fileURLToPath(
  new URL(`../../../node_modules/.cache/specmatic-${SPECMATIC_VERSION}`, import.meta.url),
);

/**
 * Finds Specmatic's jar: the one `SPECMATIC_JAR` names (which must exist), else the one kept in the cache folder.
 * Never downloads anything.
 * @param {Record<string, string | undefined>} [env]
 * @param {string} [cache]
 * @returns {{ path: string } | { path: undefined, reason: string }}
 */
export function findSpecmaticJar(env = process.env, cache = SPECMATIC_CACHE) {
  const named = env[SPECMATIC_JAR_VARIABLE];
  if (named) {
    return existsSync(named)
      ? { path: named }
      : { path: undefined, reason: `${SPECMATIC_JAR_VARIABLE}=${named} does not exist` };
  }
  const kept = join(cache, 'specmatic.jar');
  return existsSync(kept) ? { path: kept } : { path: undefined, reason: `no Specmatic jar in ${cache}` };
}

/**
 * Installs Specmatic's jar into the cache folder from the npm registry, the way a team gets it (`npm install
 * specmatic`): `npm pack specmatic@<version>` fetches the package (its Node wrapper ships the jar, some 85 MB), and
 * only the jar is kept. Written to a folder of its own first and moved into place whole, so that two runs at once
 * never see half a jar. Not a devDependency of the workspace: every `pnpm install` would fetch the 85 MB.
 * @param {string} [cache]
 * @returns {{ path: string } | { path: undefined, reason: string }}
 */
export function installSpecmaticJar(cache = SPECMATIC_CACHE) {
  mkdirSync(dirname(cache), { recursive: true });
  const work = mkdtempSync(`${cache}.installing-`);
  try {
    const pack = spawnSync('npm', ['pack', `specmatic@${SPECMATIC_VERSION}`, '--silent', '--pack-destination', work], {
      encoding: 'utf8',
      shell: process.platform === 'win32',
    });
    const tarball = pack.stdout?.trim().split('\n').at(-1);
    if (pack.status !== 0 || !tarball) {
      const said = (pack.stderr || pack.error?.message || '').trim().split('\n').at(-1);
      return { path: undefined, reason: `npm pack specmatic@${SPECMATIC_VERSION} failed: ${said}` };
    }
    const untar = spawnSync('tar', ['-xzf', join(work, tarball), '-C', work, 'package/specmatic.jar'], {
      encoding: 'utf8',
    });
    if (untar.status !== 0) {
      const said = (untar.stderr || untar.error?.message || '').trim().split('\n').at(-1);
      return {
        path: undefined,
        reason: `the specmatic@${SPECMATIC_VERSION} package holds no jar tar can read: ${said}`,
      };
    }
    mkdirSync(join(work, 'jar'));
    renameSync(join(work, 'package', 'specmatic.jar'), join(work, 'jar', 'specmatic.jar'));
    try {
      renameSync(join(work, 'jar'), cache);
    } catch (error) {
      // Another run put it there first: theirs is the same jar.
      if (!existsSync(join(cache, 'specmatic.jar'))) throw error;
    }
    return { path: join(cache, 'specmatic.jar') };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The major version of a Java runtime, as `java -version` says it (`openjdk version "17.0.21"` is 17).
 * @param {string} java
 * @returns {number | undefined} undefined when it does not run or says no version
 */
export function javaMajorVersion(java) {
  const probe = spawnSync(java, ['-version'], { encoding: 'utf8' });
  const said = `${probe.stderr ?? ''}${probe.stdout ?? ''}`;
  const version = /version "(\d+)(?:\.(\d+))?/.exec(said);
  if (!version) return undefined;
  // Java 8 and older call themselves 1.x.
  return version[1] === '1' ? Number(version[2]) : Number(version[1]);
}
