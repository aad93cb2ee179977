import { expect, it } from 'vitest';
import { readmeExamplesTable, renderBundledExamplesTable } from '../scripts/examples-table.js';

it('the table of named examples in REFERENCE.md matches the spec (pnpm examples-table)', () => {
  const table = renderBundledExamplesTable();
  expect(table).toContain('`getRfiCase`');
  expect(readmeExamplesTable()).toBe(table);
});
