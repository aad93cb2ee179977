import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A timeout only ends a hang: one Specmatic run (a JVM starting, then 40 tests) takes 10 to 30 s on a busy 2-core
    // machine, and the first run installs the jar (85 MB from the npm registry). No verdict rides on it.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
