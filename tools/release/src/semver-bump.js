/** Bump levels in increasing order; `none` means "no release". */
export const BUMP_LEVELS = /** @type {const} */ (['none', 'patch', 'minor', 'major']);

/** @typedef {typeof BUMP_LEVELS[number]} BumpLevel */

const VERSION_PATTERN = /^(\d+)\.(\d+)\.(\d+)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * Parses `major.minor.patch` (a prerelease or build suffix is accepted and ignored).
 * @param {string} version
 * @returns {[number, number, number]}
 */
function parseVersion(version) {
  const match = VERSION_PATTERN.exec(version);
  if (!match) throw new Error(`not a semantic version: "${version}"`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/**
 * The bump that leads from one version to another: `major` when the major number grew, and so on.
 * Throws when `to` is lower than `from`, which no release flow should produce.
 * @param {string} from
 * @param {string} to
 * @returns {BumpLevel}
 */
export function bumpBetween(from, to) {
  const a = parseVersion(from);
  const b = parseVersion(to);
  for (const [index, level] of /** @type {const} */ ([
    [0, 'major'],
    [1, 'minor'],
    [2, 'patch'],
  ])) {
    if (b[index] > a[index]) return level;
    if (b[index] < a[index]) throw new Error(`version ${to} is lower than the released ${from}`);
  }
  return 'none';
}

/**
 * The higher of bump levels (`none` for an empty list).
 * @param {BumpLevel[]} levels
 * @returns {BumpLevel}
 */
export function highestBump(levels) {
  return levels.reduce(
    (high, level) => (BUMP_LEVELS.indexOf(level) > BUMP_LEVELS.indexOf(high) ? level : high),
    /** @type {BumpLevel} */ ('none'),
  );
}
