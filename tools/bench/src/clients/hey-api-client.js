import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeFailure, runMeasured } from '../measure/run-measured.js';
import { BUNDLED_SPEC_JSON, binPath, packageVersion } from '../workspace.js';
import { bundleEntry } from './bundle-entry.js';

/** Generation of 25 operations takes about 2 s; a minute means something is wrong. */
const GENERATE_TIMEOUT_MS = 60_000;

/** The pinned @hey-api/openapi-ts version (the newest that declares Node 20 support). */
export const HEY_API_VERSION = packageVersion('@hey-api/openapi-ts');

/**
 * @typedef {object} HeyApiClient
 * @property {string} dir where the generated TypeScript is
 * @property {string} runtimeModule an ESM bundle of it for Node, to import and call
 * @property {number} generateMs how long generation took
 */

/**
 * Generates a @hey-api/openapi-ts client (its default fetch client plugin) from our bundled spec into a
 * temporary directory, never into the repository, and bundles it for Node with esbuild so the benchmark
 * can import it.
 * @param {string} tempDir
 * @returns {Promise<HeyApiClient>}
 */
export async function generateHeyApiClient(tempDir) {
  const dir = join(tempDir, 'hey-api-client');
  const run = await runMeasured(binPath('openapi-ts'), ['-i', BUNDLED_SPEC_JSON, '-o', dir], {
    timeoutMs: GENERATE_TIMEOUT_MS,
  });
  if (run.exitCode !== 0) throw new Error(`@hey-api/openapi-ts ${HEY_API_VERSION} failed: ${describeFailure(run)}`);
  const runtimeModule = join(tempDir, 'hey-api-client.mjs');
  writeFileSync(
    runtimeModule,
    await bundleEntry(heyApiEntry(dir), { resolveDir: dir, minify: false, platform: 'node' }),
  );
  return { dir, runtimeModule, generateMs: run.wallMs };
}

/**
 * Entry source exporting the whole generated SDK plus the client factory, as an application importing
 * everything would.
 * @param {string} dir
 * @returns {string}
 */
export function heyApiEntry(dir) {
  const client = JSON.stringify(join(dir, 'client', 'index.ts'));
  const index = JSON.stringify(join(dir, 'index.ts'));
  return `export * from ${index};\nexport { createClient, createConfig } from ${client};`;
}
