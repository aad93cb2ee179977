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
 * Where the build writes the bundled description with its validators compiled (`scripts/compile-validators.js`): named
 * by the package's specifier, not by a path from this module, which a bin's bundle moves (the mock's and the
 * emulator's bins inline this code; from there it resolves as their dependency, from here as the package itself).
 */
const BUNDLED_CONTRACT = '@payments-connect/contract/bundled';

/**
 * The contract of the bundled document of `@payments-connect/openapi`, its schemas checked by the validators compiled
 * at build (`@payments-connect/contract/bundled`): none is compiled as it runs. The module is loaded by the first call
 * (an ES module, through Node's `require`: this stays synchronous), so a process that never makes the bundled
 * contract never parses it.
 * @returns {import('./create-contract.js').Contract}
 * @throws {Error} when the package was not built, saying how to build it
 */
export function loadContract() {
  /** @type {typeof import('@payments-connect/contract/bundled')} */
  let bundled;
  try {
    bundled = require(BUNDLED_CONTRACT);
  } catch (cause) {
    if (/** @type {NodeJS.ErrnoException} */ (cause).code !== 'MODULE_NOT_FOUND') throw cause;
    throw new Error(`the contract's compiled validators are not built (${BUNDLED_CONTRACT}): run pnpm build`, {
      cause,
    });
  }
  return createContract(bundled.bundledDocument(), { validators: bundled.validators });
}
