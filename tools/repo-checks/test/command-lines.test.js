// The repository checks' and build steps' command lines, run in this process: a wrong input stops them in one line
// and exit 2, before anything is checked or emitted (their runs as processes are in each one's own test).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main as checkIgnoredSources } from '../bin/check-ignored-sources.js';
import { main as checkLineLength } from '../bin/check-line-length.js';
import { main as emitDeclarations } from '../bin/emit-declarations.js';
import { runCommandInProcess } from '../src/command-in-process.js';

const scratch = mkdtempSync(join(tmpdir(), 'command-lines-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
// A package folder without the tsconfig.build.json its declarations are emitted with.
mkdirSync(join(scratch, 'lib'));
writeFileSync(join(scratch, 'lib', 'package.json'), JSON.stringify({ name: 'lib' }));

describe('a wrong input to a repository check: one line, exit 2', () => {
  it.for(
    /** @type {Array<[string, (args: string[]) => unknown, string[], string]>} */ ([
      ['check-line-length', checkLineLength, ['/no/such/folder'], '/no/such/folder: no such folder'],
      ['check-line-length', checkLineLength, ['a', 'b'], "unexpected argument 'b'"],
      ['check-line-length', checkLineLength, ['--max', '80'], "unknown option '--max'"],
      ['check-ignored-sources', checkIgnoredSources, ['packages'], "unexpected argument 'packages'"],
      ['emit-declarations', emitDeclarations, [scratch], `${scratch}: no package.json there`],
      ['emit-declarations', emitDeclarations, [join(scratch, 'lib')], 'no tsconfig.build.json there'],
    ]),
  )('%s %j', async ([name, main, args, problem]) => {
    const { code, stderr } = await runCommandInProcess(main, args);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toContain(`${name}: `);
    expect(stderr.split('\n')[0]).toContain(problem);
    expect(stderr).toContain(`usage: ${name}`);
  });

  it('--help prints the usage, exit 0', async () => {
    const { code, stdout } = await runCommandInProcess(checkLineLength, ['--help']);
    expect([code, stdout]).toEqual([0, expect.stringMatching(/^usage: check-line-length \[DIR\]/)]);
  });
});
