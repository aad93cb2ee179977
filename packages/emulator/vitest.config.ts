import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** The README's globalSetup: one emulator for a run, in the main process, reached by the test files over HTTP. */
const README_SETUP = 'test/readme/emulator.setup.ts';

/**
 * The end-to-end files, which `test:quick` (`vitest run --mode quick`) leaves to `npm test`: the command in processes
 * of its own, clients that abuse a server process, a nested conformance run, a TypeScript program, the package loaded
 * by consumers, the reference in a browser.
 */
const END_TO_END = [
  'test/cli.test.js',
  'test/client.test.js', // its uploads go to the command in a process of its own
  'test/conformance-sandbox.test.js',
  'test/hostile-input.test.js',
  'test/packaging.test.js',
  'test/readme-recipe.test.js',
  'test/served-docs.test.js',
];

/** The full-size proofs of the emulator's default bounds, which only `test:stress` runs. */
const DEFAULT_BOUNDS = 'test/default-bounds.test.js';

/** What `test:stress` (`vitest run --mode stress`) runs: the default bounds, and the hardening at full size. */
const STRESS: TestProjectInlineConfiguration = {
  extends: true,
  test: { name: 'stress', include: [DEFAULT_BOUNDS, 'test/hostile-input.test.js'], provide: { fullSize: true } },
};

/** The README's vitest recipe, run as a consumer writes it: its globalSetup and its test file. */
const README: TestProjectInlineConfiguration = {
  extends: true,
  test: { name: 'readme', include: ['test/readme/*.test.ts'], globalSetup: [README_SETUP] },
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

/**
 * Two files that must run at the same time, each in its own tenant of one emulator: a group of their own, after the
 * others, so that both workers are theirs (each file waits for the other, and fails if it never comes).
 */
const PARALLEL_TENANTS: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'parallel-tenants',
    include: ['test/parallel-tenants/*.test.js'],
    globalSetup: [README_SETUP],
    sequence: { groupOrder: 1 },
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
                  'test/parallel-tenants/**',
                  'test/served-docs.test.js',
                  DEFAULT_BOUNDS,
                  ...(mode === 'quick' ? END_TO_END : []),
                ],
                // The test files keep no state between them (each starts its own servers and clones what it changes),
                // so a worker runs them one after another on the modules it loaded once, rather than reloading them.
                isolate: false,
              },
            },
            README,
            ...(mode === 'quick' ? [] : [DOCS]),
            PARALLEL_TENANTS,
          ],
  },
}));
