import readChangesets from '@changesets/read';
import { SPEC_PACKAGE } from './release-constants.js';

/**
 * A changeset that names a package, with the bump it asks for.
 * @typedef {{ id: string, type: import('./semver-bump.js').BumpLevel }} PackageChangeset
 */

/**
 * Reads the pending changesets (`.changeset/*.md`, parsed by changesets' own reader, so the front matter
 * means here what it means to `changeset version`) and keeps those that name the package.
 * @param {string} rootDir repository root (holds `.changeset/`)
 * @param {string} [packageName]
 * @returns {Promise<PackageChangeset[]>}
 */
export async function readChangesetsFor(rootDir, packageName = SPEC_PACKAGE) {
  const changesets = await readChangesets(rootDir);
  return changesets.flatMap((changeset) =>
    changeset.releases
      .filter((release) => release.name === packageName)
      .map((release) => ({ id: changeset.id, type: release.type })),
  );
}
