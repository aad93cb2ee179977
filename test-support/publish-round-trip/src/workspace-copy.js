import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, realpath, stat, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { childEnv } from './child-env.js';

const run = promisify(execFile);

/**
 * The files of a checkout as git sees them: tracked, plus untracked ones that are not ignored (so work
 * not yet committed is rehearsed too); never node_modules, dist or other ignored output.
 * @param {string} root
 * @returns {Promise<string[]>}
 */
async function checkoutFiles(root) {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = stdout.split('\0').filter(Boolean);
  // A tracked file deleted in the working tree is still listed: keep only what exists.
  const present = await Promise.all(
    files.map((f) =>
      stat(join(root, f)).then(
        (s) => s.isFile(),
        () => false,
      ),
    ),
  );
  return files.filter((_, i) => present[i]);
}

/**
 * Copies the workspace into a folder of its own so a release can be rehearsed (versions bumped,
 * changelogs written, packages built and published, tags created) without touching the real working
 * tree. The copy is a git repository with one commit, because `changeset publish` tags releases.
 * Building needs no install: see {@link mirrorNodeModules}. node_modules is excluded from the copy's git.
 * @param {string} sourceRoot the real workspace root
 * @param {string} copyRoot an empty folder
 */
export async function copyWorkspace(sourceRoot, copyRoot) {
  for (const file of await checkoutFiles(sourceRoot)) {
    await mkdir(dirname(join(copyRoot, file)), { recursive: true });
    await cp(join(sourceRoot, file), join(copyRoot, file));
  }
  const git = (/** @type {string[]} */ ...args) => run('git', args, { cwd: copyRoot, env: childEnv() });
  await git('init', '--quiet', '--initial-branch=main');
  // A node_modules made of links is not a folder to git, so the usual `node_modules/` pattern misses it.
  await writeFile(join(copyRoot, '.git', 'info', 'exclude'), 'node_modules\n');
  await git('add', '--all');
  await git('commit', '--quiet', '--no-verify', '-m', 'workspace copy for a release rehearsal');
  const realRoot = await realpath(sourceRoot);
  for (const folder of await foldersWithNodeModules(sourceRoot)) {
    await mirrorNodeModules(
      join(sourceRoot, folder, 'node_modules'),
      join(copyRoot, folder, 'node_modules'),
      realRoot,
      copyRoot,
    );
  }
}

/**
 * Recreates a node_modules folder out of links to the real one's entries, except that links to
 * workspace packages point at the copy's packages. A plain link to the whole folder would not do:
 * `pnpm publish` replaces `workspace:*` with the version it finds through node_modules, and would
 * find the real, unbumped, package.
 * @param {string} source a node_modules folder of the real workspace
 * @param {string} target the same folder in the copy
 * @param {string} realRoot real path of the workspace root
 * @param {string} copyRoot
 */
async function mirrorNodeModules(source, target, realRoot, copyRoot) {
  await mkdir(target, { recursive: true });
  for (const entry of await readdir(source, { withFileTypes: true })) {
    const from = join(source, entry.name);
    // Scopes and .bin hold links themselves: mirror them one level down.
    if ((entry.name.startsWith('@') || entry.name === '.bin') && entry.isDirectory()) {
      await mirrorNodeModules(from, join(target, entry.name), realRoot, copyRoot);
      continue;
    }
    const real = await realpath(from).catch(() => from);
    const inWorkspace =
      real.startsWith(realRoot + sep) && !relative(realRoot, real).split(sep).includes('node_modules');
    await symlink(inWorkspace ? join(copyRoot, relative(realRoot, real)) : real, join(target, entry.name));
  }
}

/**
 * The root and the workspace packages (one and two levels down) that have a node_modules folder.
 * @param {string} root
 * @returns {Promise<string[]>}
 */
async function foldersWithNodeModules(root) {
  const candidates = ['.'];
  for (const entry of await readdir(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    candidates.push(entry.name);
    for (const inner of await readdir(join(root, entry.name), { withFileTypes: true })) {
      if (inner.isDirectory() && inner.name !== 'node_modules') candidates.push(join(entry.name, inner.name));
    }
  }
  const has = await Promise.all(
    candidates.map((c) =>
      stat(join(root, c, 'node_modules')).then(
        (s) => s.isDirectory(),
        () => false,
      ),
    ),
  );
  return candidates.filter((_, i) => has[i]);
}
