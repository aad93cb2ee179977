import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.js'],
    // Builds the reference once into test-results/build for the tests that read the output, and starts the one
    // Chromium the browser tests share.
    globalSetup: ['test/global-setup.js', '@payments-connect/browser-probe/shared-chromium'],
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
});
