import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A timeout only ends a hang: far above what the slowest test takes on a busy machine, so no verdict rides on it.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // The test files keep no state between them (each starts its own servers and clones what it changes), so a
    // worker runs them one after another on the modules it loaded once, rather than reloading them for each file.
    isolate: false,
  },
});
