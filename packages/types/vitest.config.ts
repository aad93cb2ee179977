import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The type tests (Blob parts, named aliases) run through tsc as part of the test run.
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './test/tsconfig.json' },
  },
});
