// payments-connect-mock.setup.ts; in vitest.config.ts: test: { globalSetup: ['./payments-connect-mock.setup.ts'] }
import { startMock } from '@payments-connect/mock';
import type { TestProject } from 'vitest/node';

// Types what the setup provides, for inject('paymentsConnectUrl') in the tests.
declare module 'vitest' {
  export interface ProvidedContext {
    paymentsConnectUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const mock = await startMock(); // in this process, on a free port; resolves once it listens
  project.provide('paymentsConnectUrl', mock.url);
  return () => mock.stop();
}
