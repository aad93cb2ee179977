import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The test files keep no state between them (each starts its own servers and clones what it changes), so a
    // worker runs them one after another on the modules it loaded once, rather than reloading them for each file.
    isolate: false,
    // Two files at once (the default is one on two cores), but the comparison of the load generators alone and last:
    // it measures rates, which other tests beside it would lower (the package's test task itself waits for every
    // other package's tests for the same reason, tools/bench/turbo.json).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'bench', include: ['test/**/*.test.js'], exclude: ['test/load-generator.test.js'] },
      },
      {
        extends: true,
        test: { name: 'load-generator', include: ['test/load-generator.test.js'], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
