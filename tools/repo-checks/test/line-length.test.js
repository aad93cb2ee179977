import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findLongLines, longLinesOf, MAX_LINE_LENGTH } from '../src/line-length.js';

const BIN = fileURLToPath(new URL('../bin/check-line-length.js', import.meta.url));
const long = 'x'.repeat(MAX_LINE_LENGTH + 1);
const fits = 'y'.repeat(MAX_LINE_LENGTH);

describe('longLinesOf', () => {
  it('reports lines over the limit with their number and length, counting characters not bytes', () => {
    expect(longLinesOf(`${fits}\n${long}\n${'é'.repeat(MAX_LINE_LENGTH)}`)).toEqual([{ line: 2, length: 121 }]);
  });

  it('leaves files that say they are generated alone', () => {
    expect(longLinesOf(`/**\n * GENERATED FILE: do not edit by hand.\n */\n${long}`)).toEqual([]);
  });
});

describe('findLongLines and the bin', () => {
  const repo = mkdtempSync(join(tmpdir(), 'line-length-'));
  afterAll(() => rmSync(repo, { recursive: true, force: true }));
  execFileSync('git', ['init', '-q'], { cwd: repo });
  writeFileSync(join(repo, '.gitignore'), 'ignored.js\n');
  writeFileSync(join(repo, 'code.js'), `ok\n${long}\n`);
  writeFileSync(join(repo, 'ignored.js'), long);
  writeFileSync(join(repo, 'notes.md'), long);

  it('checks the code files git sees, not ignored files or prose', () => {
    expect(findLongLines(repo)).toEqual([{ file: 'code.js', line: 2, length: 121 }]);
  });

  it('the bin fails naming file and line, and passes on a clean tree', () => {
    const failed = spawnSync(process.execPath, [BIN, repo], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('code.js:2: 121 characters (at most 120)');
    writeFileSync(join(repo, 'code.js'), 'ok\n');
    expect(spawnSync(process.execPath, [BIN, repo]).status).toBe(0);
  });
});
