import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** gzip at its strongest, as size-limit and most CDNs measure. */
const GZIP_LEVEL = 9;

/**
 * Bundles an entry given as source text (e.g. `export { x } from 'pkg'`), resolving imports from
 * `resolveDir`, and answers the output code. TypeScript sources are bundled as esbuild reads them.
 * @param {string} source
 * @param {{ resolveDir: string, minify: boolean, platform: 'browser' | 'node' }} options
 * @returns {Promise<string>}
 */
export async function bundleEntry(source, { resolveDir, minify, platform }) {
  const result = await build({
    stdin: { contents: source, resolveDir, loader: 'ts', sourcefile: 'bench-entry.ts' },
    bundle: true,
    format: 'esm',
    platform,
    target: 'es2022',
    minify,
    treeShaking: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/**
 * Size a browser bundler would ship for an entry: minified by esbuild, then gzipped by zlib.
 * @param {string} source
 * @param {string} resolveDir
 * @returns {Promise<{ minBytes: number, gzipBytes: number }>}
 */
export async function measureBundle(source, resolveDir) {
  const code = await bundleEntry(source, { resolveDir, minify: true, platform: 'browser' });
  return { minBytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: GZIP_LEVEL }).length };
}
