import { defineConfig } from 'vitest/config';

/** The README's globalSetup: one emulator for a run, in the main process, reached by the test files over HTTP. */
const README_SETUP = 'test/readme/emulator.setup.ts';

export default defineConfig({
  test: {
    // A timeout only ends a hang: far above what the slowest test takes on a busy machine, so no verdict rides on it.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Two files at once, even on two cores (the default leaves one core free there): the hardening file spends much
    // of its time waiting on a server in a process of its own.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'emulator',
          include: ['test/**/*.test.js'],
          exclude: ['test/parallel-tenants/**', 'test/served-docs.test.js'],
          // The test files keep no state between them (each starts its own servers and clones what it changes), so a
          // worker runs them one after another on the modules it loaded once, rather than reloading them for each.
          isolate: false,
        },
      },
      // The README's vitest recipe, run as a consumer writes it: its globalSetup and its test file.
      { extends: true, test: { name: 'readme', include: ['test/readme/*.test.ts'], globalSetup: [README_SETUP] } },
      // The reference at /_docs in a real Chromium, started once for the run (tools/browser-probe).
      {
        extends: true,
        test: {
          name: 'docs',
          include: ['test/served-docs.test.js'],
          globalSetup: ['@payments-connect/browser-probe/shared-chromium'],
        },
      },
      // Two files that must run at the same time, each in its own tenant of one emulator: a group of their own, after
      // the others, so that both workers are theirs (each file waits for the other, and fails if it never comes).
      {
        extends: true,
        test: {
          name: 'parallel-tenants',
          include: ['test/parallel-tenants/*.test.js'],
          globalSetup: [README_SETUP],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
