/**
 * A vitest reporter that fails a run in which a configured project found no test files. Vitest fails a run
 * with no test file at all, but a project whose `include` matches nothing beside projects that do run passes
 * silently, and its checks (the coverage check, for one) are then simply never made.
 * @implements {import('vitest/reporters').Reporter}
 */
export class EmptyProjectGuard {
  /** @type {import('vitest/node').Vitest | undefined} */
  #vitest;

  /** @param {import('vitest/node').Vitest} vitest */
  onInit(vitest) {
    this.#vitest = vitest;
  }

  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  onTestRunEnd(testModules) {
    const vitest = this.#vitest;
    // A run filtered to some files leaves the other projects empty on purpose.
    if (!vitest || vitest.filenamePattern?.length) return;
    const withFiles = new Set(testModules.map((module) => module.project.name));
    const empty = vitest.projects.map((project) => project.name).filter((name) => !withFiles.has(name));
    for (const name of empty) {
      console.error(`\nError: vitest project "${name}" found no test files: its checks did not run (see its include)`);
    }
    if (empty.length > 0) process.exitCode = 1;
  }
}

export default EmptyProjectGuard;
