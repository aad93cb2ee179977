import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A timeout only ends a hang: each step of the walk sets its own limit (test/spec-change.test.js), and the walk
    // (an install, a build, two type checks, the quick tier) takes minutes on a busy 2-core machine.
    testTimeout: 3_600_000,
    hookTimeout: 600_000,
  },
});
