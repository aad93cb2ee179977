// The script that makes the shipped snapshots refuses an argument it does not take in one line (exit 2), before an
// emulator starts or a file is written: a mistyped --check must not rewrite the snapshots. Run in this process.
import { runCommandInProcess } from '@payments-connect/repo-checks/command-in-process';
import { expect, it } from 'vitest';
import { main } from '../scripts/make-snapshots.js';

it.for([
  [['--chek'], "unknown option '--chek' (did you mean --check?)"],
  [['itemApproved'], "Unexpected argument 'itemApproved'. This command does not take positional arguments"],
])('make-snapshots %j: one line, then the usage, exit 2', async ([args, problem]) => {
  const { code, stderr } = await runCommandInProcess(main, /** @type {string[]} */ (args));
  expect(code).toBe(2);
  expect(stderr.split('\n')[0]).toBe(`make-snapshots: ${problem}`);
  expect(stderr).toContain('usage: node scripts/make-snapshots.js [--check]');
});
