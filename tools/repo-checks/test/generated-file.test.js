// A generator run against a throwaway git repository: without --check it writes its output; with --check it passes
// only when the committed (staged) file is the fresh output, and outside git it compares with the file on disk.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const HELPER = new URL('../src/generated-file.js', import.meta.url).href;
let dir = '';

/**
 * Runs a generator whose fresh output is `fresh`, writing `dir/out/generated.txt`.
 * @param {string} fresh
 * @param {string[]} args
 */
function generate(fresh, args = []) {
  const script =
    `import { writeOrCheckGenerated } from ${JSON.stringify(HELPER)};\n` +
    `const file = new URL('out/generated.txt', ${JSON.stringify(`file://${dir}/`)});\n` +
    "await writeOrCheckGenerated({ file, name: 'out/generated.txt', regenerate: 'pnpm generate' }, process.env.FRESH);";
  return spawnSync(process.execPath, ['--input-type=module', '-e', script, '--', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, FRESH: fresh },
    timeout: 60_000,
  });
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'generated-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeOrCheckGenerated', () => {
  it('writes the output, creating its folder', () => {
    expect(generate('v1').status).toBe(0);
    expect(readFileSync(join(dir, 'out/generated.txt'), 'utf8')).toBe('v1');
  });

  it('with --check, judges the staged file, not the working copy', () => {
    execFileSync('git', ['init', '-q'], { cwd: dir });
    generate('v1');
    execFileSync('git', ['add', 'out/generated.txt'], { cwd: dir });
    expect(generate('v1', ['--check']).status).toBe(0);
    writeFileSync(join(dir, 'out/generated.txt'), 'v2');
    const stale = generate('v2', ['--check']);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain('out/generated.txt is stale');
    expect(stale.stderr).toContain('Run `pnpm generate`');
    expect(readFileSync(join(dir, 'out/generated.txt'), 'utf8')).toBe('v2');
  });

  it('with --check outside a git checkout, compares with the file on disk', () => {
    generate('v1');
    expect(generate('v1', ['--check']).status).toBe(0);
    expect(generate('v2', ['--check']).status).toBe(1);
  });
});
