import { buildReference } from '../src/build-reference.js';
import { readBundledSpec } from '../src/bundled-spec.js';
import { TEST_BUILD_DIR } from './built-reference.js';

/** Builds the reference the way `pnpm build` does, into the test build folder. */
export default function setup() {
  buildReference({ spec: readBundledSpec().spec, outDir: TEST_BUILD_DIR });
}
