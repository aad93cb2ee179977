import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.mts'],
    // The type tests (Blob parts, named aliases) run through tsc as part of the test run.
    typecheck: { enabled: true, include: ['test/**/*.test-d.mts'], tsconfig: './test/tsconfig.json' },
  },
});
