import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * @typedef {object} ChangedOperation
 * @property {string} operationId
 * @property {string} method
 * @property {string} path
 * @property {boolean} current whether this version still has it
 */

/**
 * One change of `changes.json`, which the spec package's build writes with the release gate's comparison.
 * @typedef {object} ReleaseChange
 * @property {'breaking' | 'non-breaking'} kind
 * @property {string} rule
 * @property {ChangedOperation[]} operations
 * @property {string} text what changed, where, and what to do: the line of CHANGES.md after the operations
 */

/**
 * `@payments-connect/openapi`'s `changes.json`: the changes of a version since the last release.
 * @typedef {object} ReleaseChanges
 * @property {string} version
 * @property {string | null} base
 * @property {ReleaseChange[]} changes breaking first
 */

/** What the spec package's build writes the changes to. */
const CHANGES_EXPORT = '@payments-connect/openapi/changes.json';

/**
 * The changes of the bundled spec since the last release, as the spec package's build wrote them.
 * @returns {ReleaseChanges}
 * @throws {Error} naming the file when it is missing or holds no changes
 */
export function loadReleaseChanges() {
  let file = CHANGES_EXPORT;
  try {
    file = createRequire(import.meta.url).resolve(CHANGES_EXPORT);
    const release = JSON.parse(readFileSync(file, 'utf8'));
    if (!Array.isArray(release?.changes)) throw new Error('it holds no list of changes');
    return release;
  } catch (error) {
    const reason = /** @type {Error} */ (error).message.split('\n')[0];
    throw new Error(`cannot read the changes since the last release, ${file}: ${reason}`);
  }
}

/** The section's heading: Redoc lists it in its menu. */
export const CHANGES_TITLE = 'Changes';

/**
 * The "Changes" section of the reference: the lines of the package's CHANGES.md, breaking first, each operation a link
 * to it (`#operation/<operationId>`, which Redoc opens), a removed one named only.
 * @param {ReleaseChanges} release
 * @returns {string} Markdown
 */
export function changesSection({ version, base, changes }) {
  const lines = [`# ${CHANGES_TITLE}`, ''];
  if (base === null) {
    lines.push(`This is the first release of the contract (${version}): there is no earlier one to compare with.`);
    return lines.join('\n');
  }
  const breaking = changes.filter(({ kind }) => kind === 'breaking');
  lines.push(
    `What changed in ${version} since ${base}: ${changes.length} change(s), ${breaking.length} breaking. ` +
      '`@payments-connect/openapi` ships the same list as `CHANGES.md`.',
  );
  for (const [title, group] of /** @type {const} */ ([
    ['Breaking changes', breaking],
    ['Other changes', changes.filter(({ kind }) => kind !== 'breaking')],
  ])) {
    if (group.length === 0) continue;
    lines.push('', `## ${title}`, '');
    for (const change of group) {
      const names = change.operations.map(({ operationId, method, path, current }) =>
        current
          ? `[\`${operationId}\`](#operation/${operationId}) (${method} ${path})`
          : `\`${operationId}\` (${method} ${path})`,
      );
      lines.push(`- ${names.length > 0 ? `${names.join(', ')}: ` : ''}${change.text}`);
    }
  }
  return lines.join('\n');
}
