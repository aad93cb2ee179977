/**
 * A vitest reporter that fails a run in which a configured project has no test files. Vitest fails a run with no
 * test file at all, but a project whose `include` matches nothing beside projects that do run passes silently,
 * and its checks (the coverage check, for one) are then simply never made.
 */
export class EmptyProjectGuard {
  /** @type {import('vitest/node').Vitest | undefined} */
  #vitest;

  /** @param {import('vitest/node').Vitest} vitest */
  onInit(vitest) {
    this.#vitest = vitest;
  }

  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  async onTestRunEnd(testModules) {
    const ran = new Set(testModules.map((module) => module.project.name));
    const idle = (this.#vitest?.projects ?? []).filter((project) => !ran.has(project.name));
    /** @type {string[]} */
    const empty = [];
    for (const project of idle) {
      // A project that ran nothing because of a file filter still has files: only one with none is empty.
      const { testFiles } = await project.globTestFiles();
      if (testFiles.length === 0) empty.push(project.name);
    }
    for (const name of empty) {
      console.error(`\nError: vitest project "${name}" found no test files: its checks did not run (see its include)`);
    }
    if (empty.length > 0) process.exitCode = 1;
  }
}

export default EmptyProjectGuard;
