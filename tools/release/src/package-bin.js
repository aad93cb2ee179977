import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The file behind a command of an installed package (`packageBin('@redocly/cli', 'redocly')`), run with
 * `node` rather than through the .bin shim so the exact workspace version runs on every platform.
 * @param {string} packageName
 * @param {string} [binName] the command; defaults to the package's only or same-named one
 * @returns {string}
 */
export function packageBin(packageName, binName) {
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const { bin, name } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const file = typeof bin === 'string' ? bin : bin?.[binName ?? name.split('/').at(-1)];
  if (!file) throw new Error(`${packageName} has no command ${binName ?? ''}`.trim());
  return join(dirname(manifestPath), file);
}
