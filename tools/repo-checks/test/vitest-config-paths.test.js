// Every test file a vitest.config.ts of the workspace names (its end-to-end list, a project's include or exclude)
// exists: a renamed or merged file whose old name stays in a tier's list leaves the new file in the wrong tier, in
// silence (the release tools' `test:quick` ran its bins for weeks after bins.test.js became bin-flags.test.js).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** A quoted path of one test file (no glob): `'test/cli.test.js'`, `'suite/coverage.test.js'`. */
const NAMED_FILE = /'((?:test|suite)\/[^'*]+\.test\.[jt]s)'/g;

const configs = execFileSync('git', ['ls-files', '*vitest.config.ts'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((path) => path !== '' && !path.includes('/node_modules/'));

describe('the test files the vitest configurations name', () => {
  it('finds the configurations of the packages and the files they name', () => {
    // Every package with tests has one; far fewer means the search went wrong, not that the names are right.
    expect(configs.length).toBeGreaterThanOrEqual(8);
    const named = configs.flatMap((config) => [...readFileSync(join(ROOT, config), 'utf8').matchAll(NAMED_FILE)]);
    expect(named.length).toBeGreaterThanOrEqual(20);
  });

  it.each(configs)('%s names only files that exist', (config) => {
    const text = readFileSync(join(ROOT, config), 'utf8');
    const missing = [...text.matchAll(NAMED_FILE)]
      .map(([, file]) => /** @type {string} */ (file))
      .filter((file) => !existsSync(join(ROOT, dirname(config), file)));
    expect(missing, `${config} names files that are not there`).toEqual([]);
  });
});
