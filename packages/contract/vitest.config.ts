import { configDefaults, defineConfig } from 'vitest/config';

/** The end-to-end files, which `test:quick` (`vitest run --mode quick`) leaves to `npm test`: a process each. */
const END_TO_END = [
  'test/packaging.test.js', // consumer processes loading the package by name
  'test/readme-examples.test.js', // the README's examples, each run as a consumer's process
];

/** What `test:stress` (`vitest run --mode stress`) runs at full size (`fullSize`). */
const STRESS = ['test/request-journal.test.js'];

export default defineConfig(({ mode }) => ({
  test: {
    ...(mode === 'stress'
      ? { include: STRESS, provide: { fullSize: true } }
      : { exclude: [...configDefaults.exclude, ...(mode === 'quick' ? END_TO_END : [])] }),
    // A timeout only ends a hang: far above what the slowest test takes on a busy machine, so no verdict rides on it.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // The test files keep no state between them (each starts its own servers and clones what it changes), so a
    // worker runs them one after another on the modules it loaded once, rather than reloading them for each file.
    isolate: false,
  },
}));
