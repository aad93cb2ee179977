import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { scopeOfChange } from './consumer-impact/change-scope.js';
import { indexComponentUsage } from './consumer-impact/component-usage.js';
import { SPEC_PACKAGE } from './release-constants.js';
import { bundleSpecAtRef, findLastSpecRelease } from './released-spec.js';
import { CHANGE_RECOVERY } from './spec-changes/change-recovery.js';
import { compareSpecs } from './spec-changes/compare-specs.js';

/**
 * An operation a change concerns.
 * @typedef {object} ChangedOperation
 * @property {string} operationId
 * @property {string} method upper case
 * @property {string} path
 * @property {boolean} current whether this version still has it (a removed one has no place to link to)
 */

/**
 * One change since the base, as consumers read it in `CHANGES.md` and the reference's "Changes" section.
 * @typedef {object} ReleaseChange
 * @property {'breaking' | 'non-breaking'} kind
 * @property {import('./spec-changes/change-rules.js').ChangeRule} rule
 * @property {string} location
 * @property {string} message
 * @property {ChangedOperation[]} operations the operations it concerns, in the spec's order (none for a server, a
 *   webhook, a type name)
 * @property {string} [recovery] what consumers do about it, where the gate knows
 * @property {string} text what changed, where, by which rule, and the recovery: the line of `CHANGES.md` and of the
 *   reference after the operations' names
 */

/**
 * The changes of a version: `changes.json` of `@payments-connect/openapi`.
 * @typedef {object} ReleaseChanges
 * @property {string} version the version described
 * @property {string | null} base what it is compared with (a release tag, a file, a ref); null when nothing was
 *   released before it
 * @property {ReleaseChange[]} changes breaking first
 */

/**
 * The spec a version's changes are counted from: the file or git ref `base` names, else the last release before
 * `version` (its tag, `@payments-connect/openapi@X.Y.Z`, reachable from HEAD, bundled from its sources).
 * @param {string} rootDir the repository
 * @param {string} version the version described
 * @param {string} [base] a bundled spec's file, or a git ref
 * @returns {Promise<{ name: string, spec: any } | undefined>} undefined when nothing was released before
 * @throws {Error} naming the base when it cannot be read
 */
export async function readChangesBase(rootDir, version, base) {
  if (base === undefined) {
    const release = await findLastSpecRelease(rootDir, { except: version });
    return release && { name: release.tag, spec: await bundleSpecAtRef(rootDir, release.tag) };
  }
  const file = resolve(base);
  if (existsSync(file)) {
    try {
      return { name: base, spec: JSON.parse(await readFile(file, 'utf8')) };
    } catch (error) {
      throw new Error(`cannot read the changes base ${base}: ${/** @type {Error} */ (error).message}`);
    }
  }
  try {
    return { name: base, spec: await bundleSpecAtRef(rootDir, base) };
  } catch {
    throw new Error(`cannot read the changes base ${base}: no such file, nor a git ref of this repository to bundle`);
  }
}

/**
 * The changes of `after` since `before`, by the gate's comparison, breaking first, each with the operations it
 * concerns (the places the gate's consumer check finds for it) and what consumers do about it.
 * @param {any} before the base
 * @param {any} after this version's bundled spec
 * @returns {ReleaseChange[]}
 */
export function releaseChanges(before, after) {
  const changes = compareSpecs(before, after);
  const usage = indexComponentUsage(before, after);
  const listed = changes.map((change) => {
    const scope = scopeOfChange(change, { before, after, usage });
    // A change no operation shows (the servers, a webhook, a schema no operation uses) concerns none.
    const keys = new Set(scope.visible ? scope.places.map(({ operation }) => operation) : []);
    /** @type {ChangedOperation[]} */
    const operations = [];
    for (const [key, { before: was, after: is }] of usage.operations) {
      const entry = is ?? was;
      if (!keys.has(key) || !entry) continue;
      operations.push({ operationId: entry.operationId, method: entry.method, path: entry.path, current: !!is });
    }
    const recovery = CHANGE_RECOVERY[change.rule];
    const text = `${change.message} (\`${change.location}\`, ${change.rule}).${recovery ? ` ${recovery}` : ''}`;
    return { ...change, operations, ...(recovery ? { recovery } : {}), text };
  });
  return [...listed.filter(({ kind }) => kind === 'breaking'), ...listed.filter(({ kind }) => kind !== 'breaking')];
}

/**
 * `CHANGES.md`: the changes of a version, breaking first, each with its operations and what to do.
 * @param {ReleaseChanges} release
 * @returns {string}
 */
export function changesMarkdown({ version, base, changes }) {
  const lines = [`# Changes in ${SPEC_PACKAGE} ${version}`, ''];
  if (base === null) {
    lines.push(`No earlier release of ${SPEC_PACKAGE} to compare with: this is the first.`);
    return `${lines.join('\n')}\n`;
  }
  const breaking = changes.filter(({ kind }) => kind === 'breaking');
  lines.push(`Since ${base}: ${changes.length} change(s), ${breaking.length} breaking.`);
  /** @type {Array<[string, ReleaseChange[]]>} */
  const groups = [
    ['Breaking', breaking],
    ['Not breaking', changes.filter(({ kind }) => kind !== 'breaking')],
  ];
  for (const [title, group] of groups) {
    if (group.length === 0) continue;
    lines.push('', `## ${title}`, '');
    for (const change of group) lines.push(`- ${changeLine(change)}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * One change as a line of Markdown: the operations it concerns, then its text. The reference writes the same line with
 * each operation a link to it.
 * @param {ReleaseChange} change
 */
function changeLine(change) {
  const names = change.operations.map(({ operationId, method, path }) => `\`${operationId}\` (${method} ${path})`);
  return `${names.length > 0 ? `${names.join(', ')}: ` : ''}${change.text}`;
}
