// The package as it is published: the page and its README, found by the name the servers and consumers resolve.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

describe('@payments-connect/docs as published', () => {
  it('packs the built page, its README and its manifest, nothing else', async () => {
    const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: PACKAGE_DIR });
    const [packed] = JSON.parse(stdout);
    expect(packed.files.map((/** @type {{ path: string }} */ file) => file.path).sort()).toEqual([
      'README.md',
      'dist/index.html',
      'package.json',
    ]);
  });

  it('exports the page as @payments-connect/docs/index.html, with no dependency to install', () => {
    const page = createRequire(import.meta.url).resolve('@payments-connect/docs/index.html');
    expect(page).toBe(fileURLToPath(new URL('../dist/index.html', import.meta.url)));
    expect(readFileSync(page, 'utf8')).toMatch(/^<!doctype html>/);
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.private).toBeUndefined();
  });
});
