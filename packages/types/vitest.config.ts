import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The type tests (test/*.test-d.ts: Blob parts, named aliases) are compiled by `pnpm check` (tsc over
    // test/tsconfig.json), which fails on any of their assertions, as every package's type tests are.
  },
});
