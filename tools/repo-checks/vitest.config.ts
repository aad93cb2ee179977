import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.js'],
    // A timeout only ends a hang: far above what the slowest test takes on a busy machine (the README link check, in
    // `test:publish`, packs every published package with npm, some seconds each when the machine is loaded), so no
    // verdict rides on it.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
