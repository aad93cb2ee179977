// A package's README is a guide a team reads in minutes (what it is for, install, the recipes, the everyday tasks):
// at most 40 KB; the full reference of a package that needs one goes to a REFERENCE.md it ships and links.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { publishedPackageDirs } from '../src/readme-links.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** What a reader takes in at one sitting, measured on the guides that worked: the mock's and emulator's ~25 KB. */
const MAX_README_BYTES = 40 * 1024;

describe('the README of every published package', () => {
  it.each(publishedPackageDirs(ROOT))('%s: at most 40 KB, any REFERENCE.md shipped and linked', (dir) => {
    expect(statSync(join(ROOT, dir, 'README.md')).size).toBeLessThanOrEqual(MAX_README_BYTES);
    if (!existsSync(join(ROOT, dir, 'REFERENCE.md'))) return;
    const manifest = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
    expect(manifest.files).toContain('REFERENCE.md');
    expect(readFileSync(join(ROOT, dir, 'README.md'), 'utf8')).toContain('](REFERENCE.md');
  });
});
