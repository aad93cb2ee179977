import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The test files keep no state between them (each starts its own servers and clones what it changes), so a
    // worker runs them one after another on the modules it loaded once, rather than reloading them for each file.
    isolate: false,
  },
});
