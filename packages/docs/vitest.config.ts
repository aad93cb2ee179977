import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.js'],
    // Builds the reference once into test-results/build for the tests that read the output, and starts the one
    // Chromium the browser tests share.
    globalSetup: ['test/global-setup.js', 'test/shared-chromium.js'],
    // A browser start and a TypeScript program take seconds, not milliseconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
