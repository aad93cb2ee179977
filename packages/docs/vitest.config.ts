import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The end-to-end files, which `test:quick` (`vitest run --mode quick`) leaves to `npm test`: the page in a browser, the
 * samples compiled by TypeScript, the package packed by npm, the serve script in a process of its own.
 */
const END_TO_END = [
  'test/changes-section.test.js', // the release tools' command and the build command, each in a process of its own
  'test/docs-server.test.js',
  'test/packaging.test.js',
  'test/page-layout.test.js',
  'test/samples-typecheck.test.js',
];

export default defineConfig(({ mode }) => ({
  test: {
    include: ['test/**/*.test.js'],
    exclude: [...configDefaults.exclude, ...(mode === 'quick' ? END_TO_END : [])],
    // Builds the reference once into test-results/build for the tests that read the output, and (but in test:quick)
    // starts the one Chromium the browser tests share, or takes the run's.
    globalSetup: [
      'test/global-setup.js',
      ...(mode === 'quick' ? [] : ['@payments-connect/browser-probe/shared-chromium']),
    ],
    // Two files at once, even on two cores (the default leaves one core free: one file at a time there). One browser
    // file keeps about 1.3 cores busy, two keep both; the browser files start first, being the largest (or slowest).
    maxWorkers: 2,
    // The files keep no state between them (each clones the bundled document before changing it, and each browser
    // describe opens its own context), so a worker runs them one after another on the modules it loaded once.
    isolate: false,
    // A page load and a TypeScript program take seconds, not milliseconds. A timeout only ends a hang: far above
    // what the slowest test takes on a busy machine, so no verdict rides on it; nor on a poll of the page, which
    // gives up after 30 s rather than expect.poll's usual 1 s.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    expect: { poll: { timeout: 30_000 } },
  },
}));
