import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { bundleSpec } from './bundle-spec.js';
import { SPEC_DIR, SPEC_RELEASE_TAG_PREFIX } from './release-constants.js';

const run = promisify(execFile);

/** What a release tag needs besides spec/ to bundle: the lint plugin its redocly.yaml loads. */
const PATHS_NEEDED_TO_BUNDLE = [SPEC_DIR, 'tools/redocly-rules'];

/**
 * Orders `x.y.z` and `x.y.z-pre` versions (a prerelease sorts before its release).
 * @param {string} a
 * @param {string} b
 */
function compareVersions(a, b) {
  const parse = (/** @type {string} */ v) => {
    const [core, pre] = v.split('-', 2);
    return { parts: (core ?? '').split('.').map(Number), pre };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i += 1) {
    const diff = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (diff !== 0) return diff;
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre.localeCompare(y.pre, 'en', { numeric: true });
}

/**
 * The last release of the spec package reachable from HEAD, from the git tags `changeset publish`
 * creates (`@payments-connect/openapi@1.0.0`). Undefined when there is none yet.
 * @param {string} rootDir repository root
 * @param {{ except?: string }} [options] a version to pass over: the changes of a version are those since the release
 *   before it, also once it is tagged itself
 * @returns {Promise<{ tag: string, version: string } | undefined>}
 */
export async function findLastSpecRelease(rootDir, { except } = {}) {
  const { stdout } = await run('git', ['tag', '--list', `${SPEC_RELEASE_TAG_PREFIX}*`, '--merged', 'HEAD'], {
    cwd: rootDir,
  });
  const versions = stdout
    .split('\n')
    .map((tag) => tag.trim())
    .filter(Boolean)
    .map((tag) => tag.slice(SPEC_RELEASE_TAG_PREFIX.length))
    .filter((version) => version !== except)
    .sort(compareVersions);
  const version = versions.at(-1);
  return version === undefined ? undefined : { tag: `${SPEC_RELEASE_TAG_PREFIX}${version}`, version };
}

/**
 * Bundles the spec as it was at a git ref (the bundle is not committed, so it is rebuilt from the
 * sources of that ref, in a temp folder that is removed afterwards).
 * @param {string} rootDir repository root
 * @param {string} ref a tag, branch or commit
 * @returns {Promise<any>} the bundled OpenAPI document
 */
export async function bundleSpecAtRef(rootDir, ref) {
  const workDir = await mkdtemp(join(tmpdir(), 'released-spec-'));
  try {
    const archive = join(workDir, 'source.tar');
    await run('git', ['archive', '--format=tar', '-o', archive, ref, '--', ...PATHS_NEEDED_TO_BUNDLE], {
      cwd: rootDir,
    });
    await run('tar', ['-xf', archive, '-C', workDir]);
    return await bundleSpec(join(workDir, SPEC_DIR), join(workDir, 'openapi.json'));
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
