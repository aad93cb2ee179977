import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The end-to-end files, which `test:quick` (`vitest run --mode quick`) leaves to `npm test`: the command in processes
 * of its own, clients that abuse a server process, a nested vitest, a TypeScript program, the package loaded by
 * consumers, the reference in a browser.
 */
const END_TO_END = [
  'test/cli.test.js',
  'test/cli-exec.test.js',
  'test/client.test.js', // its uploads go to the command in a process of its own
  'test/hostile-input.test.js',
  'test/loaded-modules.test.js', // the command and fresh Node processes, their modules counted by a hook
  'test/packaging.test.js',
  'test/readme-parallel-files.test.js', // the README's two parallel files, in a vitest of their own
  'test/readme-recipe.test.js',
  'test/served-docs.test.js',
  'test/tenant-worlds-parallel.test.js', // two files of tenant worlds, in a vitest of their own
];

/** The full-size proofs of the emulator's default bounds, which only `test:stress` runs. */
const DEFAULT_BOUNDS = 'test/default-bounds.test.js';

/** What `test:stress` (`vitest run --mode stress`) runs: the default bounds, and the hardening at full size. */
const STRESS: TestProjectInlineConfiguration = {
  extends: true,
  test: { name: 'stress', include: [DEFAULT_BOUNDS, 'test/hostile-input.test.js'], provide: { fullSize: true } },
};

/** The reference at /_docs in a real Chromium, the one of the run (test-support/browser-probe). */
const DOCS: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'docs',
    include: ['test/served-docs.test.js'],
    globalSetup: ['@payments-connect/browser-probe/shared-chromium'],
  },
};

export default defineConfig(({ mode }) => ({
  test: {
    // A timeout only ends a hang: far above what the slowest test takes on a busy machine, so no verdict rides on it.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Two files at once, even on two cores (the default leaves one core free there): the hardening file spends much
    // of its time waiting on a server in a process of its own.
    maxWorkers: 2,
    projects:
      mode === 'stress'
        ? [STRESS]
        : [
            {
              extends: true,
              test: {
                name: 'emulator',
                include: ['test/**/*.test.js'],
                exclude: [
                  ...configDefaults.exclude,
                  // In a vitest of their own, under the README's settings (test/readme-parallel-files.test.js,
                  // test/tenant-worlds-parallel.test.js).
                  'test/parallel-tenants/**',
                  'test/parallel-worlds/**',
                  'test/served-docs.test.js',
                  DEFAULT_BOUNDS,
                  ...(mode === 'quick' ? END_TO_END : []),
                ],
                // The test files keep no state between them (each starts its own servers and clones what it changes),
                // so a worker runs them one after another on the modules it loaded once, rather than reloading them.
                isolate: false,
              },
            },
            ...(mode === 'quick' ? [] : [DOCS]),
          ],
  },
}));
