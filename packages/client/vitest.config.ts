import { configDefaults, defineConfig } from 'vitest/config';

/** The end-to-end files, which `test:quick` (`vitest run --mode quick`) leaves to `npm test`: a process each. */
const END_TO_END = [
  'test/packaging.test.ts', // the built package loaded by name with require() and import, each in a process
];

export default defineConfig(({ mode }) => ({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(mode === 'quick' ? END_TO_END : [])],
    // A timeout only ends a hang: far above what the slowest test takes on a busy machine, so no verdict rides on it.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // The test files keep no state between them (each starts its own servers; the one that stubs globals restores
    // them after each test), so a worker runs them one after another on the modules it loaded once.
    isolate: false,
    // The type tests (test/*.test-d.ts: the AccountId rule, Blob uploads) are compiled by `pnpm check` (tsc over
    // src, test and examples), which fails on any of their assertions; compiling them here again would repeat it.
  },
}));
