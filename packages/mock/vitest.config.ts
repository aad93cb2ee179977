import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The command-line tests start the bin, each a Node process of its own.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'mock', include: ['test/**/*.test.js'] } },
      // The README's vitest recipe, run as a consumer writes it: its globalSetup and its test file.
      {
        extends: true,
        test: {
          name: 'readme',
          include: ['test/readme/*.test.ts'],
          globalSetup: ['test/readme/payments-connect-mock.setup.ts'],
        },
      },
    ],
  },
});
