import { expect, it } from 'vitest';
import { readmeExamplesTable, renderBundledExamplesTable } from '../scripts/examples-table.js';

it('the README table of named examples matches the spec (regenerate: pnpm --filter @payments-connect/mock examples-table)', async () => {
  const table = await renderBundledExamplesTable();
  expect(table).toContain('`getRfiCase`');
  expect(readmeExamplesTable()).toBe(table);
});
