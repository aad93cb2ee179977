// What the suite's globalSetup hands its test files through vitest's `provide` / `inject`.
import type { ConformanceTarget } from './conformance-session.js';

declare module 'vitest' {
  export interface ProvidedContext {
    conformanceTarget: ConformanceTarget;
  }
}
