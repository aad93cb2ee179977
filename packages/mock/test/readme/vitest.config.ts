// vitest.config.ts
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The run's mock: the one `payments-connect-mock exec` started (PAYMENTS_CONNECT_BASE_URL), else one started here.
    globalSetup: ['@payments-connect/mock/vitest'],
    // vitest runs as many test files at once as the machine has cores, less one: one at a time on a 2-core CI
    // machine. Files that call the mock wait on HTTP, not on a core: two run at once on any machine.
    maxWorkers: 2,
  },
});
