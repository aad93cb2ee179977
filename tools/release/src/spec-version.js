import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isScalar, parseDocument } from 'yaml';
import { SPEC_PACKAGE, SPEC_ROOT_FILE } from './release-constants.js';

/**
 * @typedef {object} SpecVersions
 * @property {string} packageVersion `version` of the spec's package.json.
 * @property {string} infoVersion `info.version` of the root OpenAPI document.
 */

/**
 * Reads `info.version` out of the root YAML document, with where its value sits in the text so a sync can
 * replace exactly that value and leave every other byte (comments, folding) as the author wrote it.
 * @param {string} text
 */
function locateInfoVersion(text) {
  const document = parseDocument(text);
  const node = document.getIn(['info', 'version'], true);
  if (!isScalar(node) || !node.range) throw new Error(`${SPEC_ROOT_FILE} has no info.version`);
  return { value: String(node.value), start: node.range[0], end: node.range[1] };
}

/**
 * Reads both version numbers of the spec package.
 * @param {string} specDir directory of the spec package (holds package.json and openapi.yaml)
 * @returns {Promise<SpecVersions>}
 */
export async function readSpecVersions(specDir) {
  const manifest = JSON.parse(await readFile(join(specDir, 'package.json'), 'utf8'));
  const { value } = locateInfoVersion(await readFile(join(specDir, SPEC_ROOT_FILE), 'utf8'));
  return { packageVersion: manifest.version, infoVersion: value };
}

/**
 * Checks that `info.version` equals the package version. The message tells the releaser how to fix a
 * mismatch in either direction.
 * @param {string} specDir
 * @returns {Promise<{ ok: boolean, message: string }>}
 */
export async function checkSpecVersionSync(specDir) {
  const { packageVersion, infoVersion } = await readSpecVersions(specDir);
  if (packageVersion === infoVersion) {
    return { ok: true, message: `${SPEC_PACKAGE} ${packageVersion}: info.version in ${SPEC_ROOT_FILE} matches.` };
  }
  return {
    ok: false,
    message:
      `${SPEC_PACKAGE} is version ${packageVersion} but info.version in spec/${SPEC_ROOT_FILE} is ${infoVersion}.\n` +
      'They must be equal: the package version is the contract version. The package version is the one ' +
      'changesets moves, so version with `pnpm version-packages` (it runs `changeset version` and then ' +
      `copies the new version into info.version), or set info.version to ${packageVersion} by hand. ` +
      'Never edit info.version alone: add a changeset instead.',
  };
}

/**
 * Copies the package version into `info.version`, touching only that scalar. Returns whether the file
 * changed.
 * @param {string} specDir
 * @returns {Promise<{ changed: boolean, from: string, to: string }>}
 */
export async function syncSpecInfoVersion(specDir) {
  const file = join(specDir, SPEC_ROOT_FILE);
  const text = await readFile(file, 'utf8');
  const { version } = JSON.parse(await readFile(join(specDir, 'package.json'), 'utf8'));
  const location = locateInfoVersion(text);
  if (location.value === version) return { changed: false, from: version, to: version };
  await writeFile(file, text.slice(0, location.start) + version + text.slice(location.end));
  return { changed: true, from: location.value, to: version };
}
