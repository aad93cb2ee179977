// What @payments-connect/emulator/vitest provides to the test files, typed for vitest's inject: JSDoc cannot augment
// another module's interface, so this file does, naming the type its JSDoc declares.
import type { EmulatorSettings } from './vitest-setup.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's emulator: its URL and its settings (`@payments-connect/emulator/vitest`). */
    paymentsConnectEmulator: EmulatorSettings;
  }
}
