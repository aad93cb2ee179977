import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The spec package's folder (`spec/`). */
export const SPEC_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Where `pnpm --filter @payments-connect/openapi build` writes the bundles. */
export const DIST_DIR = join(SPEC_DIR, 'dist');

/**
 * The bundled description as published (`dist/openapi.json`), parsed. The tests read the build's
 * output, not the sources, because the bundle is what every consumer gets.
 * @returns {Record<string, any>}
 */
export function loadBundledSpec() {
  const file = join(DIST_DIR, 'openapi.json');
  if (!existsSync(file))
    throw new Error(`${file} is missing: run pnpm --filter @payments-connect/openapi build first.`);
  return JSON.parse(readFileSync(file, 'utf8'));
}
