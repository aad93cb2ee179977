/** Commits and tags in the rehearsal (ours and `changeset publish`'s) must work on a machine with no git identity. */
const GIT_IDENTITY = {
  GIT_AUTHOR_NAME: 'Release rehearsal',
  GIT_AUTHOR_EMAIL: 'release-rehearsal@example.invalid',
  GIT_COMMITTER_NAME: 'Release rehearsal',
  GIT_COMMITTER_EMAIL: 'release-rehearsal@example.invalid',
};

/**
 * The environment for a tool run inside the rehearsal: this process's environment without the
 * `npm_*`/`pnpm_*` variables a surrounding `pnpm run` sets (they carry the outer project's package and
 * config), with a git identity, plus the given variables.
 * @param {Record<string, string>} [extra]
 * @returns {NodeJS.ProcessEnv}
 */
export function childEnv(extra = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm|pnpm)_/i.test(key)));
  return { ...env, ...GIT_IDENTITY, ...extra };
}
