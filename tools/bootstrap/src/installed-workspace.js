import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What pnpm writes last when it installs: the time the workspace was installed. */
const INSTALLED_MARK = join('node_modules', '.modules.yaml');
/** The lockfile as pnpm installed it. */
const INSTALLED_LOCKFILE = join('node_modules', '.pnpm', 'lock.yaml');
/** What an install reads besides the packages' manifests. */
const WORKSPACE_FILES = ['package.json', 'pnpm-workspace.yaml', '.pnpmfile.cjs', '.npmrc'];

/**
 * The workspace's packages' folders, as `pnpm-workspace.yaml` lists them (`spec`, `packages/*`): read without a YAML
 * parser, which the bootstrap cannot count on before the install.
 * @param {string} root
 * @returns {string[]} relative to the root
 */
export function workspaceFolders(root) {
  const listed = [...readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^ {2}- (.+)$/gm)];
  return listed.flatMap((match) => {
    const pattern = /** @type {string} */ (match[1]).trim();
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return existsSync(join(root, parent))
      ? readdirSync(join(root, parent), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => join(parent, entry.name))
      : [];
  });
}

/**
 * Whether the workspace is installed as its lockfile says, with no manifest changed since: what `pnpm install
 * --frozen-lockfile` would find, told without the seconds pnpm takes to find it (a cost every run of a tier paid).
 * Anything unsure (no install yet, a lockfile pulled or edited, a manifest touched after the install) says no.
 * @param {string} root the workspace's root
 */
export function installIsCurrent(root) {
  try {
    const installed = statSync(join(root, INSTALLED_MARK)).mtimeMs;
    const lockfile = readFileSync(join(root, 'pnpm-lock.yaml'), 'utf8');
    if (readFileSync(join(root, INSTALLED_LOCKFILE), 'utf8') !== lockfile) return false;
    const manifests = [
      ...WORKSPACE_FILES.map((file) => join(root, file)),
      ...workspaceFolders(root).map((folder) => join(root, folder, 'package.json')),
    ];
    return manifests.every((file) => !existsSync(file) || statSync(file).mtimeMs <= installed);
  } catch {
    return false;
  }
}
