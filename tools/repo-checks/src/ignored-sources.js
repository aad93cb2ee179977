import { execFileSync } from 'node:child_process';

/**
 * Where hand-written sources live. A file there that git ignores exists on one machine only: no clone and
 * no CI run ever sees it (a coverage check once hid that way behind an unanchored `coverage/` pattern).
 */
export const SOURCE_ROOTS = [
  'spec/',
  'packages/*/src/',
  'packages/*/test/',
  'packages/*/bin/',
  'packages/*/scripts/',
  'tools/',
  'test-support/',
  'bench/',
];

/** What builds and runs leave behind: ignored on purpose wherever it appears. */
export const ARTIFACT_DIRECTORIES = ['node_modules', 'dist', '.turbo', 'test-results', 'reports'];

/**
 * The ignored files under {@link SOURCE_ROOTS} of the git checkout at `root`, artifacts aside.
 * @param {string} root top of the checkout
 * @returns {string[]} paths relative to `root`
 */
export function findIgnoredSources(root) {
  const output = execFileSync(
    'git',
    [
      'ls-files',
      '--others',
      '--ignored',
      '--exclude-standard',
      '-z',
      '--',
      ...SOURCE_ROOTS.map((p) => `:(glob)${p}**`),
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return output
    .split('\0')
    .filter(Boolean)
    .filter((file) => !file.split('/').some((segment) => ARTIFACT_DIRECTORIES.includes(segment)));
}
