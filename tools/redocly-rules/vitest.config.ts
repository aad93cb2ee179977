import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each test lints a document with Redocly (about a second); a busy CI machine takes several times that.
    testTimeout: 30_000,
  },
});
