import { configDefaults, defineConfig } from 'vitest/config';
import { BEHAVIOUR_TAG_DEFINITION } from './src/behaviour-tag.js';
import { EmptyProjectGuard } from './src/empty-project-guard.js';
import { FAULT_INJECTION_TAG_DEFINITION } from './src/fault-injection-tag.js';
import { COVERAGE_PROJECT, RunSummaryReporter } from './src/run-summary.js';
import { SkippedBehaviourGuard } from './src/skipped-behaviour-guard.js';

// The suite (`suite/`, what this package ships) runs as three projects: the conformance tests; then (groupOrder 1)
// the faults injected through the emulator's control API, alone, since a fault answers whoever calls its operation
// next; then (groupOrder 2, once every suite file has finished) the coverage check that reads what they exercised,
// writes the report and fails on gaps. The package's own tests (`test/`, not shipped) are a fourth project.
// `test` (in `npm test`) runs that project alone: test/cli.test.js runs the three others through the bin against the
// mock, as users run them, and running them here as well would prove the same twice. `test:quick` (`--mode quick`)
// runs the three in this process instead, and leaves out the runs of the bin.
export default defineConfig(({ mode }) => ({
  test: {
    // A timeout only ends a hang: far above what the slowest test takes on a busy machine, so no verdict rides on it.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    tags: [BEHAVIOUR_TAG_DEFINITION, FAULT_INJECTION_TAG_DEFINITION],
    // A project that finds no files would skip its checks in silence, and a sandbox run that skipped behaviour
    // tests for want of fixtures would pass without proving them: either fails the run instead. The run summary,
    // last, leaves the bin the numbers of its closing line.
    reporters: ['default', new EmptyProjectGuard(), new SkippedBehaviourGuard(), new RunSummaryReporter()],
    projects: [
      {
        extends: true,
        test: {
          name: 'conformance',
          include: ['suite/**/*.test.js'],
          exclude: ['suite/coverage.test.js', 'suite/fault-injection.test.js'],
          globalSetup: ['src/global-setup.js'],
          sequence: { groupOrder: 0 },
          // The suite's files keep no state between them (each worker appends to its own ledger file), so a worker
          // runs them one after another on the modules it loaded once: a whole run takes about half the time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'fault-injection',
          include: ['suite/fault-injection.test.js'],
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: COVERAGE_PROJECT,
          include: ['suite/coverage.test.js'],
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'self-test',
          include: ['test/**/*.test.js'],
          // The runs of the bin (against the mock, and against the emulator standing in for a sandbox) are the
          // end-to-end files `test:quick` leaves to `npm test`.
          exclude: [
            ...configDefaults.exclude,
            ...(mode === 'quick' ? ['test/cli.test.js', 'test/emulator-sandbox.test.js'] : []),
          ],
          sequence: { groupOrder: 0 },
          // The files keep no state between them (the runs of the bin work in folders of their own), so a worker
          // runs them one after another on the modules it loaded once.
          isolate: false,
        },
      },
    ],
  },
}));
