import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The bundled spec, found through the workspace dependency rather than a path into another package. */
export const BUNDLED_SPEC_SPECIFIER = '@payments-connect/openapi/openapi.json';

/**
 * Reads the bundled spec (`pnpm --filter @payments-connect/openapi build` writes it).
 * @returns {{ path: string, spec: any }}
 */
export function readBundledSpec() {
  let path;
  try {
    path = require.resolve(BUNDLED_SPEC_SPECIFIER);
  } catch (cause) {
    throw new Error(
      `Cannot find ${BUNDLED_SPEC_SPECIFIER}: build it with \`pnpm --filter @payments-connect/openapi build\``,
      { cause },
    );
  }
  return { path, spec: JSON.parse(readFileSync(path, 'utf8')) };
}
