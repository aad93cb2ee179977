// What the test run's globalSetup hands its test files through vitest's `provide` / `inject`.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one Chromium (test/shared-chromium.js), or why there is none. */
    sharedChromium: { wsEndpoint: string } | { reason: string };
  }
}

export {};
