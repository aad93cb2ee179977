import { fileURLToPath } from 'node:url';

/** Where the test run builds the reference: beside the package (so samples resolve its dependencies), never dist/. */
export const TEST_BUILD_DIR = fileURLToPath(new URL('../test-results/build', import.meta.url));

/** Where test artifacts such as screenshots go (gitignored; CI keeps the folder). */
export const TEST_RESULTS_DIR = fileURLToPath(new URL('../test-results', import.meta.url));
