// payments-connect-mock.setup.ts; in vitest.config.ts: test: { globalSetup: ['./payments-connect-mock.setup.ts'] }
import { startMock } from '@payments-connect/mock';
import type { TestProject } from 'vitest/node';

// Types what the setup provides, so that inject('mockUrl') in the test files is a string.
declare module 'vitest' {
  export interface ProvidedContext {
    mockUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const mock = await startMock(); // in this process, on a free port; resolves once it listens
  project.provide('mockUrl', mock.url);
  return () => mock.stop();
}
