import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.js'],
    // A timeout only ends a hang: each step of the round trip sets its own limit (test/publish-round-trip.test.js),
    // and a README recipe its own (test/readme-ci-recipes.test.js); no verdict rides on these.
    testTimeout: 600_000,
    hookTimeout: 300_000,
  },
});
