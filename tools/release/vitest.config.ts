import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.js'],
    // The gate's end-to-end tests bundle the spec with Redocly a few times (about a second each).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
