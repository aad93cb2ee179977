import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createContract } from './create-contract.js';
import { loadDocumentFile } from './document-file.js';

const require = createRequire(import.meta.url);

/** Where the bundled document of `@payments-connect/openapi` is: its `dist/openapi.json`. */
export function bundledDocumentPath() {
  // From the package's manifest, which is there before the build: a missing bundle is then said by its path.
  return join(dirname(require.resolve('@payments-connect/openapi/package.json')), 'dist', 'openapi.json');
}

/** The bundled document of `@payments-connect/openapi`, parsed. */
export function loadBundledDocument() {
  try {
    return loadDocumentFile(bundledDocumentPath());
  } catch (cause) {
    throw new Error(
      `${/** @type {Error} */ (cause).message}: build it with pnpm --filter @payments-connect/openapi build`,
      {
        cause,
      },
    );
  }
}

/**
 * The contract of the bundled document of `@payments-connect/openapi`.
 * @returns {import('./create-contract.js').Contract}
 */
export function loadContract() {
  return createContract(loadBundledDocument());
}
