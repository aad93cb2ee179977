// What @payments-connect/mock/vitest provides to the test files, typed for vitest's inject: JSDoc cannot augment
// another module's interface, so this file does, naming the type its JSDoc declares.
import type { MockSettings } from './vitest-setup.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's mock: its URL and the settings `--write-env` writes (`@payments-connect/mock/vitest`). */
    paymentsConnectMock: MockSettings;
  }
}
