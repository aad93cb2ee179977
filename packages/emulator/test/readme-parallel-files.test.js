// The README's vitest settings run test files at once, as its "Run test files in parallel" says, on the 2-core CI
// machine where vitest's default runs one file at a time. The two files of test/parallel-tenants/ each wait for the
// other (a fault one holds while the other calls): run by vitest with the README's vitest.config.ts, as a consumer
// runs it, on a machine made to look as if it had two cores, both pass only if they ran at the same time.
import { expect, it } from 'vitest';
import { runFilesAtOnce } from './support/run-files-at-once.js';

it("runs the two files of test/parallel-tenants/ at once with the README's vitest settings, on two cores", async () => {
  const { code, results, stderr } = await runFilesAtOnce(new URL('parallel-tenants/', import.meta.url));
  expect(results, stderr).toEqual([
    ['calls-beside-a-fault.test.js', 'passed'],
    ['faulted-tenant.test.js', 'passed'],
  ]);
  expect(code).toBe(0);
});
