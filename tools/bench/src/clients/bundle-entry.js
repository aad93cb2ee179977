import { build } from 'esbuild';

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
