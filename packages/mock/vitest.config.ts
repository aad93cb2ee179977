import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.js'],
    // The command-line tests start the bin, each a Node process of its own.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
