// A throwaway git repository on disk: an unanchored ignore pattern that swallows a source folder is caught,
// the same pattern anchored to the folder it means is not, and build artifacts are left alone.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findIgnoredSources } from '../src/ignored-sources.js';

const BIN = fileURLToPath(new URL('../bin/check-ignored-sources.js', import.meta.url));
let repo = '';

/** @param {Record<string, string>} files */
function write(files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
}

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'ignored-sources-'));
  execFileSync('git', ['init', '-q'], { cwd: repo });
  write({
    'packages/conformance/test/coverage/coverage.test.js': 'test',
    'packages/conformance/dist/index.js': 'built',
    'packages/conformance/node_modules/x/index.js': 'installed',
    'tools/bench/.turbo/turbo-test.log': 'log',
  });
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('findIgnoredSources', () => {
  it('names a source file that an unanchored pattern ignores', () => {
    write({ '.gitignore': 'node_modules/\ndist/\n.turbo/\ncoverage/\n' });
    expect(findIgnoredSources(repo)).toEqual(['packages/conformance/test/coverage/coverage.test.js']);
  });

  it('finds nothing once the pattern is anchored, and never counts build artifacts', () => {
    write({ '.gitignore': 'node_modules/\ndist/\n.turbo/\n/coverage/\n' });
    expect(findIgnoredSources(repo)).toEqual([]);
  });

  it('the bin fails, naming the file and how to fix it', () => {
    write({ '.gitignore': 'coverage/\n' });
    const result = spawnSync(process.execPath, [BIN], { cwd: repo, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('ignored by git: packages/conformance/test/coverage/coverage.test.js');
    expect(result.stderr).toContain('git check-ignore -v');
  });

  it('the bin outside a git checkout stops in one line, exit 2', () => {
    const outside = mkdtempSync(join(tmpdir(), 'no-checkout-'));
    const result = spawnSync(process.execPath, [BIN], { cwd: outside, encoding: 'utf8' });
    rmSync(outside, { recursive: true, force: true });
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toMatch(
      /^check-ignored-sources: \S+ is in no git checkout: run it in the repo/,
    );
  });
});
