/**
 * The environment for a tool run inside the rehearsal: this process's environment without the
 * `npm_*`/`pnpm_*` variables a surrounding `pnpm run` sets (they carry the outer project's package and
 * config), plus the given variables.
 * @param {Record<string, string>} [extra]
 * @returns {NodeJS.ProcessEnv}
 */
export function childEnv(extra = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm|pnpm)_/i.test(key)));
  return { ...env, ...extra };
}
