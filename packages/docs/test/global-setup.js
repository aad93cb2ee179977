import { loadBundledDocument } from '@payments-connect/contract';
import { buildReference } from '../src/build-reference.js';
import { loadReleaseChanges } from '../src/changes-section.js';
import { TEST_BUILD_DIR } from './built-reference.js';

/** Builds the reference the way `pnpm build` does, into the test build folder. */
export default function setup() {
  buildReference({ spec: loadBundledDocument(), outDir: TEST_BUILD_DIR, changes: loadReleaseChanges() });
}
