import { execFile } from 'node:child_process';
import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packageBin } from '@payments-connect/release-tools/package-bin';
import { childEnv } from './child-env.js';
import { copyWorkspace } from './workspace-copy.js';

const run = promisify(execFile);
/** A command of the release tools, as `pnpm version-packages` and the gate run it. */
const releaseTool = (/** @type {string} */ name) => packageBin('@payments-connect/release-tools', name);
/** Enough for pnpm's and changesets' output of a whole release. */
const MAX_OUTPUT_BYTES = 32 * 1024 * 1024;

/**
 * @typedef {object} RehearsedRelease
 * @property {string} copyRoot where the release was rehearsed
 * @property {{ name: string, version: string }[]} published the public packages and their new versions
 * @property {string[]} tags git tags `changeset publish` created in the copy
 * @property {string} log what the release commands printed
 */

/**
 * The workspace packages that are published (not `private`), as pnpm lists them.
 * @param {string} root
 * @returns {Promise<{ name: string, version: string, path: string }[]>}
 */
async function publicPackages(root) {
  const { stdout } = await run('pnpm', ['ls', '--recursive', '--depth', '-1', '--json'], {
    cwd: root,
    env: childEnv(),
    maxBuffer: MAX_OUTPUT_BYTES,
  });
  return JSON.parse(stdout).filter((/** @type {any} */ p) => !p.private && p.name);
}

/**
 * Rehearses the whole release in a copy of the workspace, as CONTRIBUTING.md describes it, against a
 * registry: add a changeset, `version-packages` (changeset version + info.version sync), commit, build
 * the public packages, check the spec version, `changeset publish`. The real working tree is only read.
 * @param {object} options
 * @param {string} options.sourceRoot the real workspace
 * @param {string} options.copyRoot an empty folder for the copy
 * @param {{ url: string, authToken: string }} options.registry where to publish
 * @param {string} options.changeset text of the changeset that drives the release
 * @returns {Promise<RehearsedRelease>}
 */
export async function rehearseRelease({ sourceRoot, copyRoot, registry, changeset }) {
  await copyWorkspace(sourceRoot, copyRoot);
  // Every npm and pnpm command in the copy talks to the local registry only, with the throwaway token.
  const registryHost = registry.url.replace(/^https?:/, '');
  await appendFile(
    join(copyRoot, '.npmrc'),
    `\nregistry=${registry.url}\n${registryHost}:_authToken=${registry.authToken}\n`,
  );
  await run('git', ['update-index', '--assume-unchanged', '.npmrc'], { cwd: copyRoot });
  const env = childEnv({ npm_config_registry: registry.url });
  const step = async (/** @type {string} */ command, /** @type {string[]} */ args) => {
    const { stdout, stderr } = await run(command, args, { cwd: copyRoot, env, maxBuffer: MAX_OUTPUT_BYTES });
    return `$ ${[command, ...args].join(' ')}\n${stdout}${stderr}`;
  };

  let log = '';
  await writeFile(join(copyRoot, '.changeset', 'release-rehearsal.md'), changeset);
  log += await step(process.execPath, [releaseTool('payments-connect-version-packages'), '--root', copyRoot]);
  log += await step('git', ['add', '--all']);
  log += await step('git', ['commit', '--quiet', '-m', 'Version packages']);
  const packages = await publicPackages(copyRoot);
  log += await step('pnpm', [...packages.flatMap((p) => ['--filter', p.name]), 'run', '--if-present', 'build']);
  log += await step(process.execPath, [releaseTool('payments-connect-check-spec-version'), '--root', copyRoot]);
  log += await step(process.execPath, [packageBin('@changesets/cli', 'changeset'), 'publish']);
  const { stdout: tags } = await run('git', ['tag', '--list'], { cwd: copyRoot });
  return {
    copyRoot,
    published: packages.map(({ name, version }) => ({ name, version })),
    tags: tags.split('\n').filter(Boolean),
    log,
  };
}
