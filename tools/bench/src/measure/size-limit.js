import { join } from 'node:path';
import smallLib from '@size-limit/preset-small-lib';
import sizeLimit, * as sizeLimitExports from 'size-limit';

/** size-limit's own writer of an entry module for a check's `import`; its declarations leave it out. */
const { processImport } = /** @type {{ processImport: (check: object, output: string) => Promise<void> }} */ (
  /** @type {unknown} */ (sizeLimitExports)
);

/**
 * One entry, as a `.size-limit.json` entry states it: a file, what is imported from it, gzip or not.
 * @typedef {object} SizeEntry
 * @property {string} name
 * @property {string} path absolute path of the module
 * @property {string} [import] what an application imports from it (`{ createClient }`, `*`); all of it when absent
 * @property {boolean} [gzip] gzip (level 9) instead of size-limit's default, brotli
 * @property {number} [limit] the budget in bytes, when the entry has one
 */

/**
 * The size of each entry by size-limit's own definition (its small-lib preset: esbuild bundles the import, minified,
 * for the browser; then the bundle is gzipped or brotli-compressed as the entry says), so that this report and
 * `size-limit` in a package's `pnpm check` count the same bytes.
 * @param {SizeEntry} entry
 * @param {string} scratchDir where size-limit may write the entry module of an import
 * @returns {Promise<number>} bytes
 */
export async function sizeLimitBytes(entry, scratchDir) {
  /** @type {Record<string, unknown>} */
  const check = { files: [entry.path], gzip: entry.gzip ?? false };
  if (entry.import) {
    check.import = { [entry.path]: entry.import };
    await processImport(check, join(scratchDir, entry.name.replace(/[^\w-]+/g, '-')));
  }
  const results = /** @type {Array<{ size: number }>} */ (await sizeLimit(smallLib, { checks: [check] }));
  return /** @type {{ size: number }} */ (results[0]).size;
}
