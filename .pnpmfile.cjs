// pnpm's hooks for this workspace.
//
// beforePacking shapes the manifest that `pnpm pack` and `pnpm publish` (under `changeset publish`) put in a
// tarball, which is all a consumer's npm reads. The development fields stay home: devDependencies name the
// workspace's private tools (@payments-connect/repo-checks, @payments-connect/hostile-input), which no registry
// holds, and the scripts run only inside this repository.
module.exports = {
  hooks: {
    /**
     * @param {Record<string, unknown>} manifest
     * @returns {Record<string, unknown>}
     */
    beforePacking(manifest) {
      const { devDependencies: _devDependencies, scripts: _scripts, ...published } = manifest;
      return published;
    },
  },
};
