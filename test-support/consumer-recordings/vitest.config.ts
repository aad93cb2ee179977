import { defineConfig } from 'vitest/config';

// Both files run the servers in this process, over 127.0.0.1: quick tests, the same in `test:quick` and `npm test`.
export default defineConfig({
  test: {
    include: ['test/**/*.test.js'],
    // A timeout only ends a hang: far above what the slowest test takes on a busy machine, so no verdict rides on it.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // The files keep no state between them (each works in a folder of its own), so a worker runs them one after
    // another on the modules it loaded once.
    isolate: false,
  },
});
