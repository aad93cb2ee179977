/** Commits and tags in the rehearsal (ours and `changeset publish`'s) must work on a machine with no git identity. */
const GIT_IDENTITY = {
  GIT_AUTHOR_NAME: 'Release rehearsal',
  GIT_AUTHOR_EMAIL: 'release-rehearsal@example.invalid',
  GIT_COMMITTER_NAME: 'Release rehearsal',
  GIT_COMMITTER_EMAIL: 'release-rehearsal@example.invalid',
};

/**
 * The environment for a tool run inside the rehearsal or the consumer project: this process's environment
 * without what a surrounding `pnpm run` sets, the `npm_*`/`pnpm_*` variables (the outer project's package and
 * config) and NODE_PATH (pnpm points it at the workspace's hoisted packages, through which a consumer would
 * resolve packages it never installed), with a git identity, plus the given variables.
 * @param {Record<string, string>} [extra]
 * @returns {NodeJS.ProcessEnv}
 */
export function childEnv(extra = {}) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(npm|pnpm)_/i.test(key) && key !== 'NODE_PATH'),
  );
  return { ...env, ...GIT_IDENTITY, ...extra };
}
