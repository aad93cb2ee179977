import { defineConfig } from 'vitest/config';

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
          // The files of test/parallel-tenants/ and test/parallel-worlds/ run in a vitest of their own, under the
          // README's settings (test/readme-parallel-files.test.js, test/tenant-worlds-parallel.test.js).
          exclude: ['test/parallel-tenants/**', 'test/parallel-worlds/**', 'test/served-docs.test.js'],
          // The test files keep no state between them (each starts its own servers and clones what it changes), so a
          // worker runs them one after another on the modules it loaded once, rather than reloading them for each.
          isolate: false,
        },
      },
      // The README's vitest recipe, run as a consumer writes it: its vitest.config.ts, its globalSetup, its test files.
      {
        extends: './test/readme/vitest.config.ts',
        root: './test/readme',
        // A timeout only ends a hang, as above: vitest's default, which the README keeps, a busy machine may pass.
        test: { name: 'readme', testTimeout: 300_000, hookTimeout: 300_000 },
      },
      // The reference at /_docs in a real Chromium, started once for the run (tools/browser-probe).
      {
        extends: true,
        test: {
          name: 'docs',
          include: ['test/served-docs.test.js'],
          globalSetup: ['@payments-connect/browser-probe/shared-chromium'],
        },
      },
    ],
  },
});
