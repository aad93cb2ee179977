import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The test files keep no state between them (each starts its own servers; the one that stubs globals restores
    // them after each test), so a worker runs them one after another on the modules it loaded once.
    isolate: false,
    // The type tests (AccountId rule, Blob uploads) run through tsc as part of the test run.
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.typecheck.json' },
  },
});
