import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.mjs', 'test/**/*.test.mjs'],
    // Builds the reference once into test-results/build for the tests that read the output.
    globalSetup: ['test/global-setup.mjs'],
    // A browser start and a TypeScript program take seconds, not milliseconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
