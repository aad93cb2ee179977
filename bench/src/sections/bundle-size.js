import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import smallLib from '@size-limit/preset-small-lib';
import sizeLimit, * as sizeLimitExports from 'size-limit';
import { checkAtMost } from '../report/targets.js';
import { formatCount } from '../report/units.js';
import { notMeasured } from '../section-result.js';
import { WORKSPACE_DIRS } from '../workspace.js';

/** size-limit's own writer of an entry module for a check's `import`; its declarations leave it out. */
const { processImport } = /** @type {{ processImport: (check: object, output: string) => Promise<void> }} */ (
  /** @type {unknown} */ (sizeLimitExports)
);

/**
 * Section: the client's bundle against each of its size-limit budgets (its `.size-limit.json`, the checks `pnpm check`
 * enforces), measured by size-limit's own definition so that both count the same bytes.
 * @type {import('../section-result.js').Section}
 */
export async function benchBundleSize({ tempDir, log }) {
  const section = { id: 'bundle', title: 'Bundle size' };
  const budgets = join(WORKSPACE_DIRS.client, '.size-limit.json');
  const target = 'Client bundle within its size-limit budget';
  const none = (/** @type {string} */ missing) => [
    checkAtMost({ target, value: null, limit: 0, format: String, missing }),
  ];
  if (!existsSync(budgets)) return notMeasured(section, 'packages/client/.size-limit.json is missing', none);
  /** @type {Array<{ name: string, path: string, import?: string, gzip?: boolean, limit: string }>} */
  const checks = JSON.parse(readFileSync(budgets, 'utf8'));
  const targets = [];
  for (const check of checks) {
    log(`bundle: ${check.name}`);
    const path = join(WORKSPACE_DIRS.client, check.path);
    const limit = limitBytes(check.limit);
    // As the check states it: what an application imports of the file, gzip (level 9) or size-limit's brotli.
    const entry = { files: [path], gzip: check.gzip ?? false, import: check.import && { [path]: check.import } };
    const scratch = join(tempDir, check.name.replace(/[^\w-]+/g, '-'));
    /** @type {number | string} bytes, or why there are none */
    const size = existsSync(path)
      ? await (entry.import ? processImport(entry, scratch) : Promise.resolve())
          .then(() => sizeLimit(smallLib, { checks: [entry] }))
          .then((results) => /** @type {Array<{ size: number }>} */ (results)[0]?.size ?? 'no size')
          .catch((error) => String(error.message ?? error).split('\n')[0])
      : `${check.path} is missing (run \`pnpm build\`)`;
    targets.push(
      checkAtMost({
        target: `${target}: ${check.name}`,
        value: typeof size === 'number' ? size : null,
        limit,
        format: (bytes) => `${formatCount(bytes)} B of ${formatCount(limit)} B`,
        missing: String(size),
      }),
    );
  }
  const markdown = [
    "The client's budgets, the checks of its `.size-limit.json`, measured by size-limit's own definition (its",
    'small-lib preset: esbuild bundles what an application imports, minified, for the browser, then gzip at level 9),',
    'in bytes; the figures are in the targets above. Sizes are deterministic: one run.',
  ].join('\n');
  return { ...section, markdown, targets };
}

/**
 * A size-limit `limit` in bytes. This repository writes them in bytes (`4400 B`), which no reader can misread;
 * a unit of kilobytes is refused rather than guessed at (size-limit's kB is 1,000 bytes, its KiB 1,024).
 * @param {string} limit
 * @returns {number}
 */
export function limitBytes(limit) {
  const match = /^\s*(\d+)\s*B\s*$/.exec(limit);
  if (!match) throw new Error(`size-limit limit "${limit}" is not in bytes (write it as "<n> B")`);
  return Number(match[1]);
}
