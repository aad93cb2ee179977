import { runCommandInProcess } from '@payments-connect/repo-checks/command-in-process';
import { expect, it } from 'vitest';
import { main, readmeExamplesTable, renderBundledExamplesTable } from '../scripts/examples-table.js';

it('the table of named examples in REFERENCE.md matches the spec (pnpm examples-table)', () => {
  const table = renderBundledExamplesTable();
  expect(table).toContain('`getRfiCase`');
  expect(readmeExamplesTable()).toBe(table);
});

it('the script refuses an argument it does not take in one line, exit 2, before it writes the README', async () => {
  const { code, stderr } = await runCommandInProcess(main, ['--chek']);
  expect(code).toBe(2);
  expect(stderr.split('\n')[0]).toBe("examples-table: unknown option '--chek' (did you mean --check?)");
});
