import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The end-to-end files, which `test:quick` (`vitest run --mode quick`) leaves to `npm test`: the commands, each in a
 * process of its own.
 */
const END_TO_END = [
  'test/bin-flags.test.js', // each release bin as a process (its command line is test/command-lines.test.js)
  'test/readme-flag-tables.test.js', // each bin's --help against its README's flag table
  'test/readme-keep-journal.test.js', // the READMEs' recipes in bash, the servers' and the gate's bins
  'test/spec-gate-bin.test.js', // the gate against a throwaway git repository, bundling with Redocly
  'test/spec-gate-consumers-bin.test.js',
];

export default defineConfig(({ mode }) => ({
  test: {
    // A timeout only ends a hang: far above what the slowest test takes on a busy machine, so no verdict rides on it.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // `test:quick` runs the rest; `test` (`--mode end-to-end`) runs these alone, after `test:quick` (turbo.json): npm
    // test and the quick tier then share the quick tests' result, which a change elsewhere does not make them run
    // again.
    include: mode === 'end-to-end' ? END_TO_END : ['test/**/*.test.js'],
    exclude: [...configDefaults.exclude, ...(mode === 'quick' ? END_TO_END : [])],
    // The test files keep no state between them (the end-to-end ones work in throwaway folders), so a worker runs them
    // one after another on the modules it loaded once, rather than reloading them for each file.
    isolate: false,
  },
}));
