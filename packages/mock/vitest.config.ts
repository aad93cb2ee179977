import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.js'],
    // Each start of the mock loads Prism (about 1.5 s of CPU); a few tests start several.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
