import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A timeout only ends a hang: far above what the slowest test takes on a busy machine, so no verdict rides on it.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Each file lints its own fixtures with Redocly's command and keeps no state, so a worker runs them one after
    // another on the modules it loaded once, rather than reloading them for each file.
    isolate: false,
  },
});
