import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The end-to-end files, which `test:quick` (`vitest run --mode quick`) leaves to `npm test`: each runs a linter over
 * the whole description or a process of its own.
 */
const END_TO_END = [
  'test/bundle-is-fresh.test.js', // Redocly's bundle, run as the build runs it
  'test/spectral.test.js', // Spectral's rulesets over the bundled description
  'test/packaging.test.js', // consumer processes loading the package by name
];

export default defineConfig(({ mode }) => ({
  test: {
    exclude: [...configDefaults.exclude, ...(mode === 'quick' ? END_TO_END : [])],
    // A timeout only ends a hang: far above what the slowest test takes on a busy machine, so no verdict rides on it.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // The test files keep no state between them (each starts its own servers and clones what it changes), so a
    // worker runs them one after another on the modules it loaded once, rather than reloading them for each file.
    isolate: false,
  },
}));
