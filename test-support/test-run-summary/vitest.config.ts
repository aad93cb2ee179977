import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The tests run the job runner and turbo-like commands as processes: a timeout only ends a hang, far above what
    // they take on a busy machine (vitest's 5 s was not enough under a load of 20), so no verdict rides on it.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
