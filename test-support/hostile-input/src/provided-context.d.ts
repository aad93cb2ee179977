// What the servers' vitest.config.ts provides the test files (`inject`).

declare module 'vitest' {
  export interface ProvidedContext {
    /** `test:stress` (`vitest run --mode stress`): the full-size runs, counts larger than their defects need. */
    fullSize?: boolean;
  }
}

export {};
