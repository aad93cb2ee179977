import { configDefaults, defineConfig } from 'vitest/config';

/** The end-to-end file, which `test:quick` (`vitest run --mode quick`) leaves to `npm test`: Redocly's lint run. */
const END_TO_END = ['test/generate-spec.test.js'];

export default defineConfig(({ mode }) => ({
  test: {
    // `test:quick` runs the rest; `test` (`--mode end-to-end`) runs this alone, after `test:quick` (turbo.json): npm
    // test and the quick tier then share the quick tests' result, which a change in a server does not make them run
    // again.
    include: mode === 'end-to-end' ? END_TO_END : ['test/**/*.test.js'],
    exclude: [...configDefaults.exclude, ...(mode === 'quick' ? END_TO_END : [])],
    // The test files keep no state between them, so a worker runs them one after another on the modules it loaded
    // once, rather than reloading them for each file.
    isolate: false,
    // A timeout only ends a hang: far above what the slowest test takes on a busy machine (the scale spec generator's
    // test lints a generated spec with Redocly), so no verdict rides on it.
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
}));
