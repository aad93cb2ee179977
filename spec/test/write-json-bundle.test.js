// The build step that writes the JSON bundle takes no argument: one is a wrong input, refused in one line (exit 2)
// before anything is written. Run in this process; the build runs it as a process on every `pnpm build`.
import { runCommandInProcess } from '@payments-connect/repo-checks/command-in-process';
import { describe, expect, it } from 'vitest';
import { main } from '../scripts/write-json-bundle.js';

describe('write-json-bundle', () => {
  it.for([
    [['--out', 'x.json'], "unknown option '--out'"],
    [['openapi.yaml'], "unexpected argument 'openapi.yaml'"],
  ])('%j: one line, then the usage, exit 2', async ([args, problem]) => {
    const { code, stderr } = await runCommandInProcess(main, /** @type {string[]} */ (args));
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(`write-json-bundle: ${problem}`);
    expect(stderr).toContain('usage: node scripts/write-json-bundle.js');
  });
});
