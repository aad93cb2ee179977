// A generator run in this process against a throwaway git repository: without --check it writes its output; with
// --check it passes only when the committed (staged) file is the fresh output, and outside git it compares with the
// file on disk; any other argument is a wrong input, refused before anything is generated.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCommandInProcess } from '../src/command-in-process.js';
import { writeOrCheckGenerated } from '../src/generated-file.js';

let dir = '';

/**
 * Runs a generator whose fresh output is `fresh`, writing `dir/out/generated.txt`.
 * @param {string} fresh
 * @param {string[]} args
 */
function generate(fresh, args = []) {
  const file = new URL('out/generated.txt', pathToFileURL(`${dir}/`));
  const generated = { file, name: 'out/generated.txt', regenerate: 'pnpm generate' };
  return runCommandInProcess((given) => writeOrCheckGenerated(generated, () => fresh, given), args);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'generated-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeOrCheckGenerated', () => {
  it('writes the output, creating its folder', async () => {
    expect((await generate('v1')).code).toBe(0);
    expect(readFileSync(join(dir, 'out/generated.txt'), 'utf8')).toBe('v1');
  });

  it('with --check, judges the staged file, not the working copy', async () => {
    execFileSync('git', ['init', '-q'], { cwd: dir });
    await generate('v1');
    execFileSync('git', ['add', 'out/generated.txt'], { cwd: dir });
    expect((await generate('v1', ['--check'])).code).toBe(0);
    writeFileSync(join(dir, 'out/generated.txt'), 'v2');
    const stale = await generate('v2', ['--check']);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('out/generated.txt is stale');
    expect(stale.stderr).toContain('Run `pnpm generate`');
    expect(readFileSync(join(dir, 'out/generated.txt'), 'utf8')).toBe('v2');
  });

  it('with --check outside a git checkout, compares with the file on disk', async () => {
    await generate('v1');
    expect((await generate('v1', ['--check'])).code).toBe(0);
    expect((await generate('v2', ['--check'])).code).toBe(1);
  });

  it('refuses any other argument in one line, exit 2, and writes nothing', async () => {
    const wrong = await generate('v1', ['--chek']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr.split('\n')[0]).toBe("pnpm generate: unknown option '--chek'");
    expect(() => readFileSync(join(dir, 'out/generated.txt'))).toThrow();
  });
});
