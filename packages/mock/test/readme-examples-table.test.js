import { expect, it } from 'vitest';
import { readmeExamplesTable, renderBundledExamplesTable } from '../scripts/examples-table.js';

it('the REFERENCE.md table of named examples matches the spec (pnpm --filter @payments-connect/mock examples-table)', () => {
  const table = renderBundledExamplesTable();
  expect(table).toContain('`getRfiCase`');
  expect(readmeExamplesTable()).toBe(table);
});
