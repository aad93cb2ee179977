// emulator.setup.ts; in vitest.config.ts: test: { globalSetup: ['./emulator.setup.ts'] }
import { startEmulator } from '@payments-connect/emulator';
import type { TestProject } from 'vitest/node';

// Types what the setup provides, for inject('emulatorUrl') in the test files.
declare module 'vitest' {
  export interface ProvidedContext {
    emulatorUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // One emulator for the whole run, in this process; the test files, in workers of their own, reach it over HTTP.
  const emulator = await startEmulator({ strict: true });
  project.provide('emulatorUrl', emulator.url);
  return () => emulator.stop();
}
