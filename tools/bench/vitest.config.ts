import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.js'],
    // The test files keep no state between them, so a worker runs them one after another on the modules it loaded
    // once, rather than reloading them for each file.
    isolate: false,
    // The scale spec generator's test lints a generated spec with Redocly: seconds on a busy machine.
    testTimeout: 30_000,
  },
});
