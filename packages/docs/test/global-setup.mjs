import { buildReference } from '../src/build-reference.mjs';
import { readBundledSpec } from '../src/bundled-spec.mjs';
import { TEST_BUILD_DIR } from './built-reference.mjs';

/** Builds the reference the way `pnpm build` does, into the test build folder. */
export default function setup() {
  buildReference({ spec: readBundledSpec().spec, outDir: TEST_BUILD_DIR });
}
