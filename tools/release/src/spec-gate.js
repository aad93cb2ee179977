import { SPEC_PACKAGE, SPEC_RELEASE_TAG_PREFIX } from './release-constants.js';
import { bumpBetween, highestBump } from './semver-bump.js';
import { formatChanges } from './spec-changes/format-changes.js';

/**
 * What the gate knows about one run.
 * @typedef {object} SpecGateInput
 * @property {string | undefined} releasedVersion version of the last release of the spec package, if any
 * @property {string} [baseline] how to name what was compared with (default: the release tag)
 * @property {string} currentVersion version in spec/package.json (ahead of the release after `changeset version`)
 * @property {import('./spec-changes/comparison.js').SpecChange[]} changes classified changes since the release
 * @property {import('./pending-changesets.js').PackageChangeset[]} changesets pending changesets naming the spec
 *   package
 */

/**
 * The gate's decision.
 * @typedef {object} SpecGateResult
 * @property {boolean} ok whether the spec may ship as it is
 * @property {string} report the whole decision as text: the changes, then the conclusion
 * @property {string} conclusion the decision without the list of changes (`FAIL: 1 breaking change(s), but ...`)
 * @property {string | undefined} baseline what was compared with; undefined when nothing was released yet
 */

/**
 * Decides whether the spec may ship as it is: a change needs a changeset for the spec package, and a
 * breaking change needs a major one. A version already moved by `changeset version` counts as declared.
 * @param {SpecGateInput} input
 * @returns {SpecGateResult}
 */
export function evaluateSpecGate({ releasedVersion, baseline, currentVersion, changes, changesets }) {
  if (releasedVersion === undefined) {
    const conclusion =
      `No release of ${SPEC_PACKAGE} yet (no git tag ${SPEC_RELEASE_TAG_PREFIX}*): ` +
      'there is nothing to compare with, so the gate passes.';
    return { ok: true, report: conclusion, conclusion, baseline: undefined };
  }
  const release = baseline ?? `${SPEC_RELEASE_TAG_PREFIX}${releasedVersion}`;
  /** @param {boolean} ok @param {string} conclusion @returns {SpecGateResult} */
  const decided = (ok, conclusion) => ({
    ok,
    report: `Spec changes since ${release}:\n${formatChanges(changes)}\n\n${conclusion}`,
    conclusion,
    baseline: release,
  });
  if (changes.length === 0) {
    const conclusion = `The spec is unchanged since ${release}.`;
    return { ok: true, report: conclusion, conclusion, baseline: release };
  }

  const versionBump = bumpBetween(releasedVersion, currentVersion);
  const declared = highestBump([versionBump, ...changesets.map((c) => c.type)]);
  const breaking = changes.filter((c) => c.kind === 'breaking');
  const declaredBy = [
    ...changesets.map((c) => `.changeset/${c.id}.md (${c.type})`),
    ...(versionBump === 'none' ? [] : [`package version ${releasedVersion} -> ${currentVersion} (${versionBump})`]),
  ];

  if (declared === 'none') {
    return decided(
      false,
      `FAIL: the spec changed but no changeset names ${SPEC_PACKAGE}.\n` +
        `Run \`pnpm changeset\`, select ${SPEC_PACKAGE} and choose ` +
        `${breaking.length > 0 ? 'major (there are breaking changes)' : 'minor for additions, patch for fixes'}.`,
    );
  }
  if (breaking.length > 0 && declared !== 'major') {
    return decided(
      false,
      `FAIL: ${breaking.length} breaking change(s), ` +
        `but the release declared for ${SPEC_PACKAGE} is only ${declared} (${declaredBy.join(', ')}).\n` +
        `Make the changeset for ${SPEC_PACKAGE} a major one, or undo the breaking change. ` +
        'The rules are in tools/release/README.md.',
    );
  }
  return decided(true, `OK: covered by a ${declared} release (${declaredBy.join(', ')}).`);
}
