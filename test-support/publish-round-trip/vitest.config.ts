import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.js'],
    // Each step sets its own limit (test/publish-round-trip.test.js); this one only ends a hang of a hook.
    hookTimeout: 300_000,
  },
});
