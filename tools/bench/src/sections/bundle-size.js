import { existsSync } from 'node:fs';
import axios from 'axios';
import { measureBundle } from '../measure/esbuild-bundle.js';
import { markdownTable } from '../report/markdown-table.js';
import { checkAtMost } from '../report/targets.js';
import { formatBytes } from '../report/units.js';
import { BENCH_DIR, CLIENT_ESM_ENTRY, packageVersion } from '../workspace.js';

/** The target for this client, gzipped; 1 KB = 1024 bytes, as size-limit counts it. */
const CLIENT_GZIP_TARGET_BYTES = 4 * 1024;

/**
 * Section 3: what each client adds to a browser bundle, minified (esbuild) and gzipped (zlib, level 9).
 * @param {import('../bench-context.js').BenchContext} context
 * @returns {Promise<import('../report/render-report.js').SectionResult>}
 */
export async function benchBundleSize(context) {
  const heyApi = await context.heyApiClient();
  const openapiFetchVersion = packageVersion('openapi-fetch');
  const entries = [
    {
      name: '@payments-connect/client',
      what:
        '`createPaymentsConnectClient` and `rfiConflictVariant` from dist/index.js, ' +
        `openapi-fetch ${openapiFetchVersion} bundled in`,
      source: existsSync(CLIENT_ESM_ENTRY)
        ? `export { createPaymentsConnectClient, rfiConflictVariant } from ${JSON.stringify(CLIENT_ESM_ENTRY)};`
        : null,
      missing: 'packages/client/dist/index.js is missing (run `pnpm build`)',
      resolveDir: BENCH_DIR,
    },
    {
      name: `openapi-fetch ${openapiFetchVersion}`,
      what: '`createClient` alone',
      source: "export { default as createClient } from 'openapi-fetch';",
      resolveDir: BENCH_DIR,
    },
    {
      name: `@hey-api/openapi-ts client (generated)`,
      what: 'the whole SDK: every operation function of the spec and its fetch client',
      source: heyApi.client ? "export * from './index.ts';" : null,
      missing: heyApi.error,
      resolveDir: heyApi.client?.dir,
    },
    {
      name: `@hey-api/openapi-ts client, one operation`,
      what: '`getRfiCase` only, after tree-shaking',
      source: heyApi.client ? "export { getRfiCase } from './index.ts';" : null,
      missing: heyApi.error,
      resolveDir: heyApi.client?.dir,
    },
    {
      name: `axios ${axios.VERSION}`,
      what: 'its browser build',
      source: "export { default } from 'axios';",
      resolveDir: BENCH_DIR,
    },
  ];

  let clientGzip = null;
  const rows = [];
  for (const entry of entries) {
    if (!entry.source) {
      rows.push([entry.name, entry.what, `not measured: ${entry.missing}`, '']);
      continue;
    }
    context.log(`bundle: ${entry.name}`);
    try {
      const { minBytes, gzipBytes } = await measureBundle(entry.source, entry.resolveDir);
      if (entry.name === '@payments-connect/client') clientGzip = gzipBytes;
      rows.push([entry.name, entry.what, formatBytes(minBytes), formatBytes(gzipBytes)]);
    } catch (error) {
      rows.push([entry.name, entry.what, `not measured: ${error.message.split('\n')[0]}`, '']);
    }
  }

  const markdown = [
    'Each entry bundled by esbuild for the browser (ESM, minified, tree-shaken), then gzipped by zlib at level 9.',
    'Sizes are deterministic: one run each. 1 KiB = 1024 bytes.',
    '',
    markdownTable(['Bundle', 'What is imported', 'Minified', 'Gzip'], rows, { align: ['l', 'l', 'r', 'r'] }),
  ].join('\n');
  return {
    id: 'bundle',
    title: 'Bundle size',
    markdown,
    targets: [
      checkAtMost({
        target: 'Client bundle <= 4 KB gzip (4,096 bytes)',
        value: clientGzip,
        limit: CLIENT_GZIP_TARGET_BYTES,
        format: (bytes) => `${formatBytes(bytes)} (${bytes} bytes)`,
        missing: rows[0][2].replace(/^not measured: /, ''),
      }),
    ],
  };
}
