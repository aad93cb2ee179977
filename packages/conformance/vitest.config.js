import { defineConfig } from 'vitest/config';
import { BEHAVIOUR_TAG_DEFINITION } from './src/behaviour-tag.js';

// Two projects: the suite, then (groupOrder 1, once every suite file has finished) the coverage check
// that reads what the suite exercised, writes the report and fails on gaps.
export default defineConfig({
  test: {
    testTimeout: 15_000,
    hookTimeout: 60_000,
    tags: [BEHAVIOUR_TAG_DEFINITION],
    projects: [
      {
        extends: true,
        test: {
          name: 'conformance',
          include: ['test/**/*.test.js'],
          exclude: ['test/coverage/**'],
          globalSetup: ['src/global-setup.js'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'coverage',
          include: ['test/coverage/*.test.js'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
